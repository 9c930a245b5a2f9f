import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';

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
