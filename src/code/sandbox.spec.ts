import { ChildProcess, execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPrograms, sandboxCommand } from './sandbox.js';
import { STEP_FUNCTION } from './sandboxChild.js';
import { toCountedScript } from './transpile.js';

describe('runPrograms', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('returns each expression’s value in order, with NaN, -0, undefined and nesting intact', async () => {
    const [outcomes] = await runPrograms([{ source: 'function f(x) { return [x, NaN, -0, undefined, { a: [x] }]; }', exprs: ['f(1)', 'f("s")[4]'] }]);
    expect(outcomes).toEqual([
      { kind: 'value', value: [1, NaN, -0, undefined, { a: [1] }] },
      { kind: 'value', value: { a: ['s'] } },
    ]);
  });

  it('reports exceptions, and gives every program a fresh context', async () => {
    const outcomes = await runPrograms([
      { source: 'var shared = 1;', exprs: ['null.x', 'shared'] },
      { source: '', exprs: ['typeof shared'] },
    ]);
    expect(outcomes[0]![0]).toMatchObject({ kind: 'threw', message: expect.stringMatching(/^TypeError: /) });
    expect(outcomes[0]![1]).toEqual({ kind: 'value', value: 1 });
    expect(outcomes[1]).toEqual([{ kind: 'value', value: 'undefined' }]);
  });

  it('refuses a dynamic import inside the vm and survives rejections left unhandled, without taking the child (and the next program on it) down', async () => {
    const outcomes = await runPrograms(
      [
        { source: '', exprs: ['import("node:fs").then(() => "loaded", () => "refused")'] },
        { source: '', exprs: ['1 + 1'] },
        { source: '', exprs: ['import("node:fs")', 'Promise.reject(new Error("left unhandled"))'] },
        { source: '', exprs: ['2 + 2'] },
      ],
      { concurrency: 1 },
    );
    expect(outcomes).toEqual([
      [{ kind: 'unserializable', type: 'object' }],
      [{ kind: 'value', value: 2 }],
      [
        { kind: 'unserializable', type: 'object' },
        { kind: 'unserializable', type: 'object' },
      ],
      [{ kind: 'value', value: 4 }],
    ]);
  });

  it('cuts off an infinite loop with the vm timeout and skips what follows it', async () => {
    const kills = vi.spyOn(ChildProcess.prototype, 'kill');
    const outcomes = await runPrograms(
      [
        { source: 'function spin() { for (;;); }', exprs: ['1', 'spin()', '2'] },
        { source: 'for (;;);', exprs: ['1', '2'] },
        { source: '', exprs: ['Promise.resolve().then(function again() { return Promise.resolve().then(again); })'] },
        { source: '', exprs: ['"still fine"'] },
      ],
      { timeoutMs: 200 },
    );
    expect(outcomes).toEqual([
      [{ kind: 'value', value: 1 }, { kind: 'timeout' }, { kind: 'skipped' }],
      [{ kind: 'timeout' }, { kind: 'timeout' }],
      [{ kind: 'timeout' }],
      [{ kind: 'value', value: 'still fine' }],
    ]);
    // Every timeout is the vm's own, in the child, at timeoutMs: the kill timer, which fires KILL_SLACK_MS (5 s) later and
    // whose job's expressions all read as timeouts too (the loop in a setup script, or in microtasks, looks the same),
    // killed no child. Counted, not timed: a busy machine makes a run slower, never a kill appear or vanish.
    expect(kills).not.toHaveBeenCalled();
  });

  it('cuts off an infinite loop at its step limit, counted, not timed, whatever the time limit, and reports each expression’s steps', async () => {
    const kills = vi.spyOn(ChildProcess.prototype, 'kill');
    const source = toCountedScript('export function spin(): number {\n  for (;;) {}\n}\nexport function count(n: number): number {\n  let t = 0;\n  while (t < n) t++;\n  return t;\n}\n').code;
    // A time limit of ten minutes: only the step limit can end the loop within the spec's 30 s.
    const outcomes = await runPrograms(
      [
        { source, exprs: ['count(5)', 'spin()', 'count(1)'], stepLimits: [Infinity, 100_000, Infinity] },
        { source, exprs: ['count(1000)', 'count(1000)'], stepLimits: [1000, 1001] },
        { source: `${source}\nspin();`, exprs: ['1'], stepLimits: [50] },
      ],
      { timeoutMs: 600_000 },
    );
    expect(outcomes).toEqual([
      [{ kind: 'value', value: 5, steps: 6 }, { kind: 'step-limit', limit: 100_000, steps: 100_001 }, { kind: 'skipped' }],
      [{ kind: 'step-limit', limit: 1000, steps: 1001 }, { kind: 'skipped' }],
      [{ kind: 'step-limit', limit: 50, steps: 51 }],
    ]);
    expect(kills).not.toHaveBeenCalled();
  }, 30_000);

  it('keeps the step counter out of the code’s reach: assigning, deleting or redefining its name resets nothing', async () => {
    const source = toCountedScript(`export function spin(): number {\n  try {\n    ${STEP_FUNCTION} = function () {};\n  } catch {}\n  for (;;) {}\n}\n`).code;
    const outcomes = await runPrograms(
      [
        { source, exprs: ['spin()'], stepLimits: [1000] },
        {
          source,
          exprs: [
            `(() => { try { ${STEP_FUNCTION} = () => {}; } catch {} return typeof ${STEP_FUNCTION}; })()`,
            `[delete globalThis.${STEP_FUNCTION}, Object.defineProperty(globalThis, "${STEP_FUNCTION}", { value() {} }) === globalThis]`,
            'spin()',
          ],
          stepLimits: [1000, 1000, 1000],
        },
        { source: `${source}\nlet ${STEP_FUNCTION} = 0;`, exprs: ['1'], stepLimits: [1000] },
      ],
      { timeoutMs: 600_000 },
    );
    expect(outcomes[0]).toEqual([{ kind: 'step-limit', limit: 1000, steps: 1001 }]);
    expect(outcomes[1]).toEqual([
      { kind: 'value', value: 'function', steps: 0 },
      { kind: 'value', value: [true, true], steps: 0 },
      { kind: 'step-limit', limit: 1000, steps: 1001 },
    ]);
    expect(outcomes[2]).toEqual([{ kind: 'threw', message: `SyntaxError: Identifier '${STEP_FUNCTION}' has already been declared`, steps: 0 }]);
  }, 30_000);

  it('kills a child that hangs outside the vm timeout and carries on in a fresh one', async () => {
    // Serializing the result runs the getter after the vm timeout has ended: only the kill timer stops it. The getter
    // blocks on Atomics.wait instead of spinning, so the child hangs for the kill timer's seconds without a core.
    const kills = vi.spyOn(ChildProcess.prototype, 'kill');
    const outcomes = await runPrograms(
      [
        { source: '', exprs: ['({ get x() { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); } })'] },
        { source: '', exprs: ['1 + 1'] },
      ],
      { timeoutMs: 100, concurrency: 1 },
    );
    expect(outcomes).toEqual([[{ kind: 'timeout' }], [{ kind: 'value', value: 2 }]]);
    expect(kills.mock.calls).toEqual([['SIGKILL']]);
  }, 30_000);

  it('exposes no host capability to the code it runs', async () => {
    const [outcomes] = await runPrograms([
      {
        source: 'import("node:fs").then((m) => { globalThis.leak = typeof m; }, (e) => { globalThis.denied = String(e); });',
        exprs: [
          '[typeof require, typeof process, typeof fetch, typeof setTimeout, typeof Buffer]',
          'this.constructor.constructor("return typeof process")()',
          'typeof leak',
          'denied',
          'require("node:fs").writeFileSync("/tmp/critic-audit-escape", "x")',
          'fetch("http://127.0.0.1/")',
        ],
      },
    ]);
    expect(outcomes).toEqual([
      { kind: 'value', value: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined'] },
      { kind: 'value', value: 'undefined' },
      { kind: 'value', value: 'undefined' },
      { kind: 'value', value: expect.stringContaining('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING') },
      { kind: 'threw', message: 'ReferenceError: require is not defined' },
      { kind: 'threw', message: 'ReferenceError: fetch is not defined' },
    ]);
  });
});

describe('the sandbox process itself', () => {
  // Even code that escaped the vm context would run in this process: it must hold no permissions.
  const inSandbox = async (script: string): Promise<string> => {
    const { file, args } = sandboxCommand();
    const { stdout } = await promisify(execFile)(file, [...args, '-e', script], { env: {}, timeout: 20_000 });
    return stdout.trim();
  };

  it('may not write or read files, start processes or workers', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'sandbox-')), 'written');
    const attempts = [
      `require('node:fs').writeFileSync(${JSON.stringify(target)}, 'x')`,
      `require('node:fs').readFileSync('/etc/hostname')`,
      `require('node:child_process').execSync('true')`,
      `new (require('node:worker_threads').Worker)('1', { eval: true })`,
    ];
    const script = attempts.map((a) => `try { ${a}; console.log('allowed'); } catch (e) { console.log(e.code); }`).join('\n');
    expect((await inSandbox(script)).split('\n')).toEqual(['ERR_ACCESS_DENIED', 'ERR_ACCESS_DENIED', 'ERR_ACCESS_DENIED', 'ERR_ACCESS_DENIED']);
    expect(existsSync(target)).toBe(false);
  });

  it('sees an empty environment', async () => {
    expect(await inSandbox('console.log(Object.keys(process.env).length)')).toBe('0');
  });

  it.skipIf(sandboxCommand().network !== 'netns')('cannot reach the network, not even loopback, when unshare is usable', async () => {
    const server = createServer((socket) => socket.end('reached')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await inSandbox(`require('node:net').connect(${port}, '127.0.0.1').on('data', () => console.log('connected')).on('error', (e) => console.log(e.code));`);
      expect(result).not.toBe('connected');
      expect(result).toMatch(/^E[A-Z]+$/);
    } finally {
      server.close();
    }
  });
});
