import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.js';
import { inShard } from '../../src/requests/shard.js';
import { RunStore } from '../../src/results/store.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

let dir: string;

/** Two built-in critics (deterministic: the same request, the same verdict), three conditions, two repeats. */
function writeConfig(name: string, seed: number): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'))}, ${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/tax-rules.yaml'))}]
mutators: [number-flip, entity-swap, qualifier-deletion]
conditions: [clean, with-trace, prior-pass]
seed: ${seed}
mutantsPerFixture: 6
repeats: 2
critics:
  - {name: evidence-check, provider: "builtin:evidence-check"}
  - {name: trace-trusting, provider: "builtin:trace-trusting"}
`,
  );
  return file;
}

/** report.json without what differs between any two runs of one audit: when it was written. */
function reportOf(run: string): unknown {
  const { createdAt: _createdAt, ...rest } = JSON.parse(readFileSync(join(dir, run, 'report.json'), 'utf8'));
  return rest;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'critic-audit-shards-'));
  const config = writeConfig('critic.config.yaml', 7);
  expect((await runCli('run', '--no-cache', '--config', config, '--out', join(dir, 'full'))).code).toBe(0);
  for (const i of [1, 2, 3, 4]) expect((await runCli('run', '--no-cache', '--config', config, '--shard', `${i}/4`, '--out', join(dir, `shard-${i}`))).code).toBe(0);
}, 120_000);

describe('run --shard and merge', () => {
  it('reviews a share of the items per shard, every review of an item in the shard its id hashes to, no review twice', () => {
    const full = RunStore.open(join(dir, 'full'));
    const total = full.count();
    full.close();
    let sum = 0;
    for (const index of [1, 2, 3, 4]) {
      const store = RunStore.open(join(dir, `shard-${index}`));
      const results = Array.from(store.results());
      store.close();
      expect(results.length).toBeGreaterThan(total / 8);
      for (const r of results) expect(inShard(r.itemId, { index, count: 4 }), r.itemId).toBe(true);
      sum += results.length;
    }
    expect(sum).toBe(total);
  });

  it('merges four shards into the report an unsharded run writes, its time of writing aside', async () => {
    const out = join(dir, 'merged');
    const { code } = await runCli('merge', ...[1, 2, 3, 4].map((i) => join(dir, `shard-${i}`)), '--out', out);
    expect(code).toBe(0);
    expect(JSON.stringify(reportOf('merged'))).toBe(JSON.stringify(reportOf('full')));
    for (const file of ['report.md', 'mutants.json']) expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(dir, 'full', file), 'utf8'));
  });

  it('merges fewer shards than the split into an incomplete run that names the missing ones', async () => {
    const { code } = await runCli('merge', join(dir, 'shard-1'), join(dir, 'shard-3'), '--out', join(dir, 'partial'));
    expect(code).toBe(1);
    const store = RunStore.open(join(dir, 'partial'));
    expect(store.readStatus()).toMatchObject({ complete: false, stopReason: 'shards 2/4, 4/4 not merged' });
    store.close();
  });

  it('refuses shards of a different audit (exit 2, naming the plan digest), a shard given twice, and an unsharded run', async () => {
    const other = writeConfig('other.config.yaml', 8);
    expect((await runCli('run', '--no-cache', '--config', other, '--shard', '2/4', '--out', join(dir, 'other-2'))).code).toBe(0);
    const different = await runCli('merge', join(dir, 'shard-1'), join(dir, 'other-2'), '--out', join(dir, 'refused-1'));
    expect(different.code).toBe(2);
    expect(different.stderr).toMatch(/other-2: not a shard of the audit in .*shard-1: the plan digest differs/);
    const twice = await runCli('merge', join(dir, 'shard-1'), join(dir, 'shard-1'), '--out', join(dir, 'refused-2'));
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/shard 1\/4 is also in/);
    const unsharded = await runCli('merge', join(dir, 'full'), join(dir, 'shard-1'), '--out', join(dir, 'refused-3'));
    expect(unsharded.code).toBe(2);
    expect(unsharded.stderr).toMatch(/this run was not sharded/);
    for (const refused of ['refused-1', 'refused-2', 'refused-3']) expect(RunStore.exists(join(dir, refused)), refused).toBe(false);
  });

  it('keeps a run folder to the shard it started with', async () => {
    const { code, stderr } = await runCli('run', '--no-cache', '--config', join(dir, 'critic.config.yaml'), '--shard', '3/4', '--out', join(dir, 'shard-1'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/reviews shard 1\/4, not 3\/4/);
  });

  it("carries each shard's batch records (batch mode) into the merged run and its report", async () => {
    for (const [index, batchId] of [
      [2, 'batch_a'],
      [4, 'batch_b'],
    ] as const) {
      const store = RunStore.open(join(dir, `shard-${index}`));
      const ids = Array.from(store.results('evidence-check'), (r) => r.reviewId).slice(0, 3);
      store.addBatch({ critic: 'evidence-check', batchId, inputFileId: `file-${index}`, customIds: ids, state: 'completed' });
      store.close();
    }
    const { code } = await runCli('merge', ...[1, 2, 3, 4].map((i) => join(dir, `shard-${i}`)), '--out', join(dir, 'merged-batches'));
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'merged-batches', 'report.json'), 'utf8'));
    expect(report.batches).toEqual([
      { critic: 'evidence-check', batchId: 'batch_a', status: 'completed', sent: 3, answered: 3 },
      { critic: 'evidence-check', batchId: 'batch_b', status: 'completed', sent: 3, answered: 3 },
    ]);
  });
});
