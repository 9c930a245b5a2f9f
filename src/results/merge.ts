import { join } from 'node:path';
import { InputError } from '../errors.js';
import { formatShard, type Shard } from '../requests/shard.js';
import { planChanges } from './planChanges.js';
import { RunStore, STORE_FILE } from './store.js';
import type { RunPlan, RunStatus } from './types.js';

interface ShardFolder {
  dir: string;
  store: RunStore;
  plan: RunPlan;
  shard: Shard;
}

/**
 * Merges the run folders of one audit's shards (`run --shard i/n`) into a new
 * run store at `outDir`: the first shard's plan, fixtures and mutants, and
 * every shard's results and batches. Folders of different audits (another plan digest,
 * other critics, other mutants), a folder without a shard, two copies of one
 * shard or shards of different splits are refused, naming the difference;
 * shards not given leave the merged run incomplete, saying which.
 */
export function mergeShards(dirs: readonly string[], outDir: string): RunStore {
  if (dirs.length === 0) throw new InputError('(command line)', undefined, 'DIR', 'merge needs the run folders of the shards');
  if (RunStore.exists(outDir)) throw new InputError(outDir, undefined, '--out', `already holds a run (${STORE_FILE}); merge into a new folder`);
  const folders: ShardFolder[] = [];
  try {
    for (const dir of dirs) folders.push(openShard(dir));
    const [first, ...rest] = folders as [ShardFolder, ...ShardFolder[]];
    const seen = new Map<number, string>([[first.shard.index, first.dir]]);
    for (const other of rest) {
      const difference = auditDifference(first, other);
      if (difference) throw new InputError(other.dir, undefined, undefined, `not a shard of the audit in ${first.dir}: ${difference}`);
      if (other.shard.count !== first.shard.count) {
        throw new InputError(other.dir, undefined, 'shard', `is shard ${formatShard(other.shard)}, but ${first.dir} is ${formatShard(first.shard)}: the audit was split differently`);
      }
      const twin = seen.get(other.shard.index);
      if (twin !== undefined) throw new InputError(other.dir, undefined, 'shard', `shard ${formatShard(other.shard)} is also in ${twin}; give each shard once`);
      seen.set(other.shard.index, other.dir);
    }
    const out = RunStore.open(outDir);
    const startedAt = folders.map((f) => f.plan.startedAt).sort()[0]!;
    out.writePlan({ ...first.plan, startedAt }, first.store.fixtures(), [{ mutants: Array.from(first.store.mutants()), ignored: first.store.ignoredMutants() }]);
    for (const folder of folders) {
      out.addResultsOf(folder.store);
      // Batch mode's record of which batch carried which review travels with the reviews.
      for (const critic of folder.plan.critics) for (const batch of folder.store.openBatches(critic.name, { all: true })) out.addBatch(batch);
    }
    const missing = Array.from({ length: first.shard.count }, (_, i) => i + 1).filter((index) => !seen.has(index));
    out.writeStatus(
      mergedStatus(
        folders,
        missing.map((index) => formatShard({ index, count: first.shard.count })),
      ),
    );
    return out;
  } finally {
    for (const folder of folders) folder.store.close();
  }
}

function openShard(dir: string): ShardFolder {
  if (!RunStore.exists(dir)) throw new InputError(dir, undefined, 'DIR', `no ${STORE_FILE} here: not a run folder`);
  const store = RunStore.open(dir);
  const plan = store.readPlan();
  const shard = store.readShard();
  if (!plan || !shard) {
    store.close();
    throw new InputError(join(dir, STORE_FILE), undefined, undefined, plan ? 'this run was not sharded (run --shard i/n); there is nothing to merge it with' : 'the run store holds no run');
  }
  return { dir, store, plan, shard };
}

/** What makes two folders different audits, in words; null for shards of one audit. */
function auditDifference(a: ShardFolder, b: ShardFolder): string | null {
  const digest = (f: ShardFolder) => f.plan.settings.reviewsSha256 ?? f.plan.settings.configSha256;
  if (digest(a) !== digest(b)) {
    const changes = planChanges({ ...a.plan, fixtures: a.store.eachFixture() }, { ...b.plan, fixtures: b.store.eachFixture() });
    return `the plan digest differs (${digest(b).slice(0, 12)} vs ${digest(a).slice(0, 12)}: ${changes.length ? changes.join('; ') : 'the fixtures, mutators, conditions, repeats, rubric or seed changed'})`;
  }
  const critics = (f: ShardFolder) => JSON.stringify(f.plan.critics.map((c) => c.identity));
  if (critics(a) !== critics(b)) return `the critics differ (${critics(b)} vs ${critics(a)})`;
  if (a.store.mutantIdsDigest() !== b.store.mutantIdsDigest()) return 'the mutants differ (another version of critic-audit or of the code sandbox judged them)';
  return null;
}

/** Complete when every shard is here and complete; otherwise each shard's reason, and the shards missing. */
function mergedStatus(folders: readonly ShardFolder[], missing: readonly string[]): RunStatus {
  const statuses = folders.map((f) => ({ dir: f.dir, status: f.store.readStatus() }));
  const reasons = statuses.filter(({ status }) => !status?.complete).map(({ dir, status }) => `${dir}: ${status?.stopReason ?? 'the run never finished (killed?)'}`);
  if (missing.length) reasons.push(`shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not merged`);
  const stopped = statuses.find(({ status }) => (status?.stopKind ?? null) !== null)?.status;
  const finishedAt =
    statuses
      .map(({ status }) => status?.finishedAt ?? '')
      .sort()
      .at(-1) || new Date().toISOString();
  return { complete: reasons.length === 0, stopReason: reasons.length ? reasons.join('; ') : null, stopKind: stopped?.stopKind ?? null, stopCritic: stopped?.stopCritic ?? null, finishedAt };
}
