import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { itemRecords } from '../requests/items.js';
import { itemOutcomes } from '../results/itemOutcomes.js';
import type { RunSnapshot } from '../results/types.js';
import type { ReviewResult } from '../reviews/types.js';
import { sha256Hex } from '../util/hash.js';
import { HARNESS_VERSION } from '../util/packageRoot.js';
import { BASELINE_VERSION, type Baseline, type BaselineCritic, type BaselineItem } from './format.js';

/** Where a run's results come from: the run store, or anything that iterates results per critic. */
export interface ResultSource {
  /** With `text: false` a source may leave out each reply and error (null), for counts that never read them. */
  results(critic?: string, options?: { text?: boolean }): Iterable<ReviewResult>;
}

/**
 * The per-item verdicts of a run, per critic: what a later run is compared
 * against, item by item. Mutant ids are stable (a hash of fixture, mutator,
 * span and replacement), so the same item in a later run has the same id.
 */
export function buildBaseline(snapshot: RunSnapshot, source: ResultSource, createdAt = new Date().toISOString()): Baseline {
  const items = itemRecords(snapshot.fixtures, snapshot.generation.mutants);
  const critics: Record<string, BaselineCritic> = {};
  for (const critic of snapshot.critics) {
    const outcomes = itemOutcomes(source.results(critic.name), { reply: true });
    const entries: Record<string, BaselineItem> = {};
    for (const item of items) {
      if (!outcomes.has(item.id)) continue;
      const recorded: BaselineItem['outcomes'] = {};
      for (const [condition, o] of outcomes.conditionsOf(item.id)) {
        if (o.answered === 0) continue;
        recorded[condition] = { flagged: o.flagged / o.answered, answered: o.answered, reply: o.reply, replySha256: o.reply === null ? null : sha256Hex(o.reply) };
      }
      if (Object.keys(recorded).length === 0) continue;
      entries[item.id] = {
        fixtureId: item.fixtureId,
        cluster: item.cluster,
        role: item.role,
        mutator: item.mutator,
        ...(item.mutant ? { mutant: { span: item.mutant.span, original: item.mutant.original, replacement: item.mutant.replacement } } : {}),
        outcomes: recorded,
      };
    }
    critics[critic.name] = { identity: critic.identity, items: entries };
  }
  const { settings } = snapshot;
  return {
    tool: 'critic-audit',
    kind: 'baseline',
    version: BASELINE_VERSION,
    createdAt,
    harnessVersion: HARNESS_VERSION,
    config: settings.configFile,
    seed: settings.seed,
    conditions: settings.conditions,
    repeats: settings.repeats,
    critics,
  };
}

/** Writes the baseline atomically (a half-written baseline would fail every later run). */
export function writeBaseline(file: string, baseline: Baseline): void {
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(baseline, null, 1) + '\n');
  renameSync(temporary, path);
}
