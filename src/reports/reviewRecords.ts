import { conditionsOf, SEALED_CONDITION, type Condition } from '../requests/conditions/index.js';
import { fixtureItems, itemRecords, type ReviewItem } from '../requests/items.js';
import { loopSchedules, type LoopSettings } from '../requests/loop.js';
import { loopRecords } from '../results/loop.js';
import { escalates, escalationRecord } from '../results/escalation.js';
import { passTwoRecord } from '../results/passTwo.js';
import type { RunStore } from '../results/store.js';
import type { ReplyReading } from '../results/turnChanges.js';
import type { ReviewResult } from '../reviews/types.js';
import type { AuditSnapshot } from './types.js';

/**
 * The run folder's records of the review process, each a file of JSON lines
 * written from the store: `pass-two.jsonl` (seed 002's pass-two comparison,
 * one line per item and repeat of a condition that reveals the author's
 * explanation after the first verdict) and `escalations.jsonl` (seed 004: one
 * line per item and repeat whose critic held its finding against a rebuttal;
 * with `escalation:` only) and `loop.jsonl` (seeds 001 and 003: one line per
 * mutant and repeat whose review loop ran, with `loop:` only). Only the files
 * the run has something to record in: a run without a revealing condition,
 * `escalation:` or `loop:` writes none.
 */
export const REVIEW_RECORD_FILES = ['pass-two.jsonl', 'escalations.jsonl', 'loop.jsonl'] as const;

export function reviewRecordFiles(run: AuditSnapshot, store: RunStore): Array<{ file: (typeof REVIEW_RECORD_FILES)[number]; lines: Iterable<string> }> {
  const conditions = conditionsOf(run.settings.conditions, run.settings.declaredConditions);
  const reveals = conditions.filter((c) => c.followUp?.round === 'reveal');
  const escalation = run.settings.escalation;
  const files: Array<{ file: (typeof REVIEW_RECORD_FILES)[number]; lines: Iterable<string> }> = [];
  if (reveals.length) files.push({ file: 'pass-two.jsonl', lines: recordLines(run, store, reveals, passTwoRecord) });
  if (escalation)
    files.push({
      file: 'escalations.jsonl',
      lines: recordLines(run, store, conditions.filter(escalates), (item, condition, first, second, reading) => escalationRecord(item, condition, first, second, reading, escalation)),
    });
  if (run.settings.loop) files.push({ file: 'loop.jsonl', lines: loopLines(run, store, run.settings.loop) });
  return files;
}

/**
 * The loops' records, read from the store item by item in the run's order
 * (critics, fixtures, mutants, repeats): the same store gives the same lines,
 * a resumed run's as an uninterrupted one's.
 */
function* loopLines(run: AuditSnapshot, store: RunStore, loop: LoopSettings): Generator<string> {
  const scheduleOf = loopSchedules(run.generation.mutants, loop, run.settings.seed);
  const items = itemRecords(run.fixtures, run.generation.mutants).filter((i) => i.role === 'mutant');
  for (const critic of run.critics) {
    for (const item of items) {
      const results = store.itemResults(critic.name, item.id);
      if (!results.length) continue;
      for (const record of loopRecords(item, results, scheduleOf(item), loop)) yield `${JSON.stringify(record)}\n`;
    }
  }
}

type RecordOf = (item: ReviewItem, condition: Condition, first: ReviewResult, second: ReviewResult, reading: ReplyReading) => object | undefined;

/**
 * The records of the conditions' second turns, read from the store item by
 * item in the run's order (critics, fixtures, items, conditions, repeats),
 * each with the clean first turn of its repeat: the same store gives the same
 * lines, a resumed run's as an uninterrupted one's.
 */
function* recordLines(run: AuditSnapshot, store: RunStore, conditions: readonly Condition[], recordOf: RecordOf): Generator<string> {
  if (!conditions.length) return;
  for (const critic of run.critics) {
    const reading = { grammar: critic.verdict, notFound: critic.notFound };
    for (const fixture of store.eachFixture()) {
      for (const item of fixtureItems(fixture, store.eachMutant(fixture.id))) {
        const results = store.itemResults(critic.name, item.id);
        const firstTurns = new Map(results.filter((r) => r.condition === SEALED_CONDITION).map((r) => [r.repeat, r]));
        if (!firstTurns.size) continue;
        for (const condition of conditions) {
          const seconds = results.filter((r) => r.condition === condition.name && firstTurns.has(r.repeat)).sort((a, b) => a.repeat - b.repeat);
          for (const second of seconds) {
            const record = recordOf(item, condition, firstTurns.get(second.repeat)!, second, reading);
            if (record) yield `${JSON.stringify(record)}\n`;
          }
        }
      }
    }
  }
}
