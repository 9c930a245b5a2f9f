import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { main } from '../cli/main.js';
import { answerKeySchema } from '../drift/answerKey.js';
import { pastedVerdictProblems, sealedPayloadProblems } from '../requests/sealed.js';
import { PACKAGE_ROOT } from '../util/packageRoot.js';
import { CanaryServer } from './serve.js';

let dir: string;
let stdout: string[];
let stderr: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'canary-'));
  stdout = [];
  stderr = [];
  vi.spyOn(console, 'log').mockImplementation((...a) => void stdout.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a) => void stderr.push(a.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

/** One bundled policy fixture file, two mutators, a claims critic (so claims are numbered too). */
function config(extra = ''): string {
  const file = join(dir, 'critic.config.yaml');
  writeFileSync(
    file,
    `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'))}]
mutators: [number-flip, negation]
mutantsPerFixture: 3
seed: 11
critic:
  name: prod
  provider: openai
  model: fake-model
  baseURL: http://127.0.0.1:9
  verdict: claims
  prompt: ${JSON.stringify(join(PACKAGE_ROOT, 'prompts/claims.md'))}
${extra}`,
  );
  return file;
}

const readLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => ({ text: l, line: JSON.parse(l) as { canaryId: string; request: unknown; messages: unknown; claims?: unknown } }));

describe('critic-audit canary', () => {
  it('exports sealed canaries that say nothing of what they carry, and an answer key that says it all', async () => {
    const out = join(dir, 'canaries');
    expect(await main(['canary', '--config', config(), '--out', out])).toBe(0);
    const lines = readLines(join(out, 'canaries.jsonl'));
    const key = answerKeySchema.parse(JSON.parse(readFileSync(join(out, 'answer-key.json'), 'utf8')));
    const entries = Object.values(key.key);
    expect(entries.filter((e) => e.role === 'mutant').length).toBeGreaterThan(5);
    expect(entries.filter((e) => e.role === 'control').length).toBeGreaterThan(0);
    // The configured mutators' mutants, and the fixtures' authored ones (verified as in an audit).
    expect([...new Set(entries.filter((e) => e.role === 'mutant').map((e) => e.mutator))].sort()).toEqual(['negation', 'number-flip', 'requirement-omission', 'task-substitution']);
    expect(lines.map((l) => l.line.canaryId).sort()).toEqual(Object.keys(key.key).sort());

    const mutatorNames = ALL_MUTATORS.map((m) => m.name);
    for (const { text, line } of lines) {
      expect(Object.keys(line).sort()).toEqual(['canaryId', 'claims', 'messages', 'request']);
      // The sealed allowlist and the verdict scan of check-request pass on every request.
      expect(sealedPayloadProblems(line.request)).toEqual([]);
      expect(pastedVerdictProblems(line.request)).toEqual([]);
      expect(text).not.toMatch(/mutant|mutation/i);
      for (const name of mutatorNames) expect(text).not.toContain(name);
    }
    // A mutant canary carries its mutation; its control carries the original text.
    const [id, mutant] = Object.entries(key.key).find(([, e]) => e.role === 'mutant')!;
    if (mutant.role !== 'mutant') throw new Error('unreachable');
    const request = lines.find((l) => l.line.canaryId === id)!.line.request as { artifact: string };
    expect(request.artifact).toContain(mutant.mutation.replacement);
    expect(stdout.join('\n')).toContain(`canaries (${entries.filter((e) => e.role === 'mutant').length} mutants`);
  });

  it('samples per mutator with the seed: a smaller --per-mutator keeps a subset, the same every time', async () => {
    const keyOf = async (n: string, out: string) => {
      expect(await main(['canary', '--config', config(), '--out', out, '--per-mutator', n])).toBe(0);
      return answerKeySchema.parse(JSON.parse(readFileSync(join(out, 'answer-key.json'), 'utf8'))).key;
    };
    const two = await keyOf('2', join(dir, 'a'));
    const three = await keyOf('3', join(dir, 'b'));
    const perMutator = (k: typeof two, m: string) => Object.values(k).filter((e) => e.role === 'mutant' && e.mutator === m).length;
    expect(perMutator(two, 'number-flip')).toBe(2);
    expect(perMutator(two, 'negation')).toBe(2);
    for (const id of Object.keys(two)) expect(three).toHaveProperty([id]);
    expect(await keyOf('2', join(dir, 'c'))).toEqual(two);
  });

  it('exits 2 on bad input: no --out, several critics without --critic, a bad --per-mutator', async () => {
    expect(await main(['canary', '--config', config()])).toBe(2);
    expect(stderr.pop()).toContain('(--out)');
    const two = readFileSync(config(), 'utf8').replace(
      /^critic:\n[\s\S]*$/m,
      'critics:\n  - { name: prod, provider: openai, model: fake-model, baseURL: http://127.0.0.1:9 }\n  - { name: other, provider: builtin:evidence-check }\n',
    );
    writeFileSync(join(dir, 'critic.config.yaml'), two);
    expect(await main(['canary', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'x')])).toBe(2);
    const message = stderr.pop();
    expect(message, message).toContain('(--critic): the config has 2 critics (prod, other)');
    expect(await main(['canary', '--config', config(), '--out', join(dir, 'x'), '--per-mutator', '0'])).toBe(2);
    expect(stderr.pop()).toContain('(--per-mutator)');
    expect(existsSync(join(dir, 'x'))).toBe(false);
  });
});

describe('critic-audit canary serve', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('serves each canary in turn over real HTTP, counts uses and retires a canary after --rotate uses', async () => {
    const out = join(dir, 'canaries');
    expect(await main(['canary', '--config', config(), '--out', out, '--per-mutator', '1'])).toBe(0);
    const lines = readLines(join(out, 'canaries.jsonl'));
    const canaries = new CanaryServer({ keyFile: join(out, 'answer-key.json'), port: 0, rotate: 2 });
    server = await canaries.listen();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const served: string[] = [];
    for (let i = 0; i < 2 * lines.length; i++) {
      const res = await fetch(`${base}/next`);
      expect(res.status).toBe(200);
      served.push(await res.text());
    }
    // Each canary twice, verbatim as in canaries.jsonl, and then none: every one is retired.
    expect(served.slice(0, lines.length)).toEqual(lines.map((l) => l.text));
    expect(served.slice(lines.length)).toEqual(lines.map((l) => l.text));
    const gone = await fetch(`${base}/next`);
    expect(gone.status).toBe(410);
    expect((await gone.json()).error).toContain('every canary is retired');
    expect(await (await fetch(`${base}/status`)).json()).toEqual({ canaries: lines.length, active: 0, retired: lines.length, uses: 2 * lines.length, rotate: 2 });
    expect((await fetch(`${base}/other`)).status).toBe(404);
    expect((await fetch(`${base}/next`, { method: 'POST' })).status).toBe(405);
  });

  it('keeps its counts beside the key: a restarted serve carries on, a retired canary stays retired, a fresh export starts anew', async () => {
    const out = join(dir, 'canaries');
    expect(await main(['canary', '--config', config(), '--out', out, '--per-mutator', '1'])).toBe(0);
    const lines = readLines(join(out, 'canaries.jsonl'));
    const keyFile = join(out, 'answer-key.json');
    const take = async (canaries: CanaryServer, n: number) => {
      server = await canaries.listen();
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const served: number[] = [];
      for (let i = 0; i < n; i++) {
        const res = await fetch(`${base}/next`);
        served.push(res.status);
      }
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
      return served;
    };
    const first = new CanaryServer({ keyFile, port: 0, rotate: 1 });
    expect(first.resumed).toBe(false);
    expect(await take(first, lines.length - 1)).toEqual(lines.map(() => 200).slice(1));
    // Restarted: one canary left unused, then 410, not the whole set again.
    const second = new CanaryServer({ keyFile, port: 0, rotate: 1 });
    expect(second.resumed).toBe(true);
    expect(second.status()).toMatchObject({ active: 1, retired: lines.length - 1, uses: lines.length - 1 });
    expect(await take(second, 2)).toEqual([200, 410]);
    // A fresh export into the same folder (another seed) is another key: its counts start at zero.
    writeFileSync(config(), readFileSync(config(), 'utf8').replace('seed: 11', 'seed: 12'));
    expect(await main(['canary', '--config', join(dir, 'critic.config.yaml'), '--out', out, '--per-mutator', '1'])).toBe(0);
    const fresh = new CanaryServer({ keyFile, port: 0, rotate: 1 });
    expect([fresh.resumed, fresh.status().uses, fresh.status().retired]).toEqual([false, 0, 0]);
  });

  it('refuses a use count it did not write (exit 2, naming the file), and stops with exit 0 on a signal during startup', async () => {
    const out = join(dir, 'canaries');
    expect(await main(['canary', '--config', config(), '--out', out, '--per-mutator', '1'])).toBe(0);
    writeFileSync(join(out, 'serve-uses.json'), '{"key": "x", "uses": {}}');
    expect(await main(['canary', 'serve', '--key', join(out, 'answer-key.json'), '--port', '0'])).toBe(2);
    expect(stderr.pop()).toContain(`${join(out, 'serve-uses.json')}: not a use count written by canary serve (next:`);
    rmSync(join(out, 'serve-uses.json'));
    // The signal comes before the port is bound: it is a stop asked for, not a kill.
    const exit = main(['canary', 'serve', '--key', join(out, 'answer-key.json'), '--port', '0']);
    process.emit('SIGINT');
    expect(await exit).toBe(0);
    expect(stdout.at(-1)).toMatch(/^stopped: /);
  });

  it('refuses a canaries file with a line the key does not hold, naming file, line and field (exit 2)', async () => {
    const out = join(dir, 'canaries');
    expect(await main(['canary', '--config', config(), '--out', out, '--per-mutator', '1'])).toBe(0);
    const file = join(out, 'canaries.jsonl');
    const text = readFileSync(file, 'utf8').split('\n');
    text[1] = JSON.stringify({ ...JSON.parse(text[1]!), canaryId: 'forged' });
    writeFileSync(file, text.join('\n'));
    expect(await main(['canary', 'serve', '--key', join(out, 'answer-key.json'), '--port', '0'])).toBe(2);
    expect(stderr.pop()).toContain(`${file}:2 (canaryId): "forged" is not a canary of`);
    expect(await main(['canary', 'serve', '--key', join(out, 'answer-key.json')])).toBe(2);
    expect(stderr.pop()).toContain('(--port)');
  });
});
