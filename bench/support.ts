import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';
import { leanHeap } from '../src/util/leanHeap.js';

/** BENCH_HEAP_POLICY=off measures without the CLI's heap policy (src/util/leanHeap.ts), to compare. */
const heapPolicyOn = process.env.BENCH_HEAP_POLICY !== 'off';

/** In-process benchmarks: the heap policy the CLI's reviews run under, unless BENCH_HEAP_POLICY=off. */
export function applyCliHeapPolicy(): void {
  if (heapPolicyOn) leanHeap.favourMemory();
}

/** Node's arguments that start the CLI: bin/critic-audit.js, or with BENCH_HEAP_POLICY=off the same main without the policy. */
export function cliEntry(): string[] {
  if (heapPolicyOn) return [join(PACKAGE_ROOT, 'bin/critic-audit.js')];
  const main = pathToFileURL(join(PACKAGE_ROOT, 'dist/src/cli/main.js')).href;
  return ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(main)}); process.exitCode = await main(process.argv.slice(1));`];
}

/**
 * A bigger suite for benchmarks: `copies` copies of the bundled policy suite,
 * each fixture's id and task marked with its copy so every request differs
 * (no copy is served from another's cache).
 */
export function syntheticPolicySuite(dir: string, copies: number): string {
  const source = join(PACKAGE_ROOT, 'fixtures/policy');
  const out = join(dir, 'suite');
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(source).filter((f) => f.endsWith('.yaml'))) {
    const { fixtures } = parse(readFileSync(join(source, file), 'utf8')) as { fixtures: Array<Record<string, string>> };
    const copied = Array.from({ length: copies }, (_, k) => fixtures.map((f) => ({ ...f, id: `${f.id}-${k}`, task: `${f.task} (case ${k})` }))).flat();
    writeFileSync(join(out, file), stringify({ fixtures: copied }));
  }
  return out;
}

/** Starts bench/fake-server.js in its own process (so it has its own core) and resolves with its base URL. */
export function startFakeServerProcess(): Promise<{ baseURL: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'dist/bench/fake-server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (chunk: Buffer) => resolve({ baseURL: chunk.toString().trim(), child }));
  });
}

export function writeConfig(dir: string, text: string): string {
  const file = join(dir, 'critic.config.yaml');
  writeFileSync(file, text);
  return file;
}
