import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { sharedAcrossWorkers } from '../support/sharedAcrossWorkers.js';

const names: string[] = [];
const freshName = () => {
  const name = `spec-${randomBytes(6).toString('hex')}`;
  names.push(name);
  return name;
};
const filesOf = (name: string) => readdirSync(tmpdir()).filter((entry) => entry.startsWith(`critic-audit-shared-${name}-`));

afterEach(() => {
  for (const name of names.splice(0)) for (const entry of filesOf(name)) rmSync(join(tmpdir(), entry), { force: true });
});

describe('sharedAcrossWorkers', () => {
  it('computes each part once and reads it back in a later call, in the order of the parts', () => {
    const name = freshName();
    const computed: string[] = [];
    const parts = ['a', 'b', 'c'].map((key) => ({ key, inputs: [], compute: () => (computed.push(key), { key }) }));
    expect(sharedAcrossWorkers(name, [], parts)).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'c' }]);
    expect(computed).toEqual(['a', 'b', 'c']);
    expect(sharedAcrossWorkers(name, [], parts)).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'c' }]);
    expect(computed).toEqual(['a', 'b', 'c']);
    expect(filesOf(name).filter((entry) => entry.endsWith('.lock'))).toEqual([]);
  });

  it('takes over a part whose lock a process that has died holds', () => {
    const name = freshName();
    const part = { key: 'a', inputs: [], compute: () => 1 };
    // Compute once to learn the part's file, then leave a lock of a dead process in place of the value.
    sharedAcrossWorkers(name, [], [part]);
    const [file] = filesOf(name);
    rmSync(join(tmpdir(), file!));
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(tmpdir(), `${file}.lock`), String(dead));
    expect(sharedAcrossWorkers(name, [], [{ ...part, compute: () => 2 }])).toEqual([2]);
  });

  it('releases the lock of a part whose computation throws, so a later call computes it', () => {
    const name = freshName();
    const failing = {
      key: 'a',
      inputs: [],
      compute: (): number => {
        throw new Error('no value');
      },
    };
    expect(() => sharedAcrossWorkers(name, [], [failing])).toThrow('no value');
    expect(filesOf(name)).toEqual([]);
    expect(sharedAcrossWorkers(name, [], [{ ...failing, compute: () => 3 }])).toEqual([3]);
  });

  it('keeps the parts of another call, and removes its own parts of another build', () => {
    const name = freshName();
    sharedAcrossWorkers(name, [], [{ key: 'other', inputs: [], compute: () => 1 }]);
    const stale = join(tmpdir(), `critic-audit-shared-${name}-a-${'0'.repeat(16)}.json`);
    writeFileSync(stale, '0');
    sharedAcrossWorkers(name, [], [{ key: 'a', inputs: [], compute: () => 2 }]);
    expect(filesOf(name).filter((entry) => entry.includes('-other-') && entry.endsWith('.json'))).toHaveLength(1);
    expect(filesOf(name)).not.toContain(`critic-audit-shared-${name}-a-${'0'.repeat(16)}.json`);
  });

  it('shares the parts between two processes that need them at once: each part computed once, both get every part', async () => {
    const name = freshName();
    // Outside the shared parts' names, which a worker may clear as an earlier build's.
    const log = join(tmpdir(), `critic-audit-spec-${name}-log.txt`);
    writeFileSync(log, '');
    const child = `
      const { appendFileSync } = await import('node:fs');
      const { sharedAcrossWorkers } = await import(${JSON.stringify(join(PACKAGE_ROOT, 'dist/test/support/sharedAcrossWorkers.js'))});
      const parts = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({ key, inputs: [], compute: () => {
        appendFileSync(${JSON.stringify(log)}, key + ' ' + process.pid + '\\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
        return key + '!';
      } }));
      process.stdout.write(JSON.stringify(sharedAcrossWorkers(${JSON.stringify(name)}, [], parts)));`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const p = spawn(process.execPath, ['--input-type=module', '-e', child]);
        let out = '';
        p.stdout.on('data', (chunk) => (out += chunk));
        p.on('error', reject);
        p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))));
      });
    const outputs = await Promise.all([run(), run()]);
    for (const out of outputs) expect(JSON.parse(out)).toEqual(['a!', 'b!', 'c!', 'd!', 'e!', 'f!']);
    const computed = readFileSync(log, 'utf8').trim().split('\n');
    rmSync(log, { force: true });
    expect(computed.map((line) => line.split(' ')[0]).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
