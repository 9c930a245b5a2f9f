import { relative, dirname } from 'node:path';
import type { ConditionName } from '../../requests/conditions/index.js';
import type { ItemRecord } from '../../requests/items.js';
import type { AuditSnapshot } from '../types.js';
import { stoodUnasked, type ReviewResult } from '../../reviews/types.js';
import { outcomeCode, type ItemOutcomes } from '../../results/itemOutcomes.js';
import type { DrillFixture, DrillItem, DrillReview, DrillToolCall, OutcomeLetters } from './drill.js';
import type { ToolCall } from '../../reviews/tools/index.js';

/** Replies longer than this are cut in the page (the run store keeps them whole). */
export const MAX_REPLY_CHARS = 20_000;
/** A tool call's arguments longer than this (as JSON) are cut in the page's timeline. */
export const MAX_CALL_ARGUMENTS = 300;

/** The letter each outcome code has in DrillItem.x. */
export const OUTCOME_LETTER: OutcomeLetters = { caught: 'c', missed: 'm', noverdict: 'n', error: 'e' };

/**
 * A fixture file's path as reports show it: relative to the config's folder,
 * or, for a file outside it, relative to the nearest folder they share, so no
 * path climbs with "..", which tools that normalize paths would fold together.
 */
export function fixtureFile(snapshot: AuditSnapshot, file: string): string {
  let base = dirname(snapshot.settings.configFile);
  while (relative(base, file).startsWith('..') && dirname(base) !== base) base = dirname(base);
  return relative(base, file) || file;
}

/** The fixtures as the page lists them, each made as it is written. */
export function* drillFixtures(snapshot: AuditSnapshot): Generator<DrillFixture> {
  for (const f of snapshot.fixtures) {
    yield {
      id: f.id,
      kind: f.kind,
      file: fixtureFile(snapshot, f.source.file),
      task: f.task,
      artifact: f.artifact,
      evidence: 'evidence' in f ? f.evidence.map((e) => ({ id: e.id, title: e.title ?? '', text: e.text })) : [],
      trace: f.trace ?? null,
    };
  }
}

/**
 * Interns replies so each distinct text is embedded once. The page lists the
 * replies before the reviews that point into them, so the reviews are read
 * twice: `intern` on the first pass yields each new text as it is first seen,
 * `indexOf` on the second finds it.
 */
export class ReplyTable {
  private readonly index = new Map<string, number>();

  *intern(reviews: Iterable<ReviewResult>): Generator<string> {
    for (const r of reviews) {
      const text = conversationText(r);
      if (text === null) continue;
      const cut = cutReply(text);
      if (this.index.has(cut)) continue;
      this.index.set(cut, this.index.size);
      yield cut;
    }
  }

  indexOf(text: string | null): number {
    return text === null ? -1 : this.index.get(cutReply(text))!;
  }
}

const cutReply = (text: string) => (text.length > MAX_REPLY_CHARS ? `${text.slice(0, MAX_REPLY_CHARS)}\n… [${text.length - MAX_REPLY_CHARS} more characters in run.sqlite]` : text);

/** An item's row in the mutant list: its change and one outcome letter per condition. */
export function drillItem(item: ItemRecord, outcomes: ItemOutcomes, conditions: readonly ConditionName[], fixtureIndex: Map<string, number>): DrillItem {
  const id = item.id;
  const f = fixtureIndex.get(item.fixtureId)!;
  const x = conditions
    .map((c) => {
      const o = outcomes.of(item.id, c);
      return o ? OUTCOME_LETTER[outcomeCode(o)] : '-';
    })
    .join('');
  const m = item.mutant;
  if (m) return { id, f, m: m.mutator, x, s: [m.span.start, m.span.end], o: m.original, r: m.replacement, l: [m.span.line, m.span.column] };
  return item.id !== item.fixtureId ? { id, f, m: null, x, a: item.artifact } : { id, f, m: null, x };
}

/** An item's reviews (as the store gives them) in the order the page lists them: by condition as listed, then repeat. */
export function* inConditionOrder(reviews: readonly ReviewResult[], conditions: readonly ConditionName[]): Generator<ReviewResult> {
  for (const c of conditions) for (const r of reviews) if (r.condition === c) yield r;
}

/**
 * What the drill-down shows as a review's reply: on a second turn, the
 * follow-up it was sent and its answer (the first turn is the clean row above
 * it); where the first verdict stood, that it did.
 */
function conversationText(r: ReviewResult): string | null {
  if (r.followUp) return `[follow-up, after the clean reply above]\n${r.followUp}\n\n[reply]\n${r.reply ?? ''}`;
  if (stoodUnasked(r)) return '[no follow-up: the condition does not follow this first verdict up, so it stands]';
  return r.reply;
}

/** An item's reviews as the page's drill-down reads them; `reviews` in inConditionOrder, their replies interned. */
export function drillReviews(reviews: Iterable<ReviewResult>, conditions: readonly ConditionName[], replies: ReplyTable, located: (r: ReviewResult) => boolean | null = () => null): DrillReview[] {
  const v: DrillReview[] = [];
  for (const r of reviews) {
    const where = located(r);
    const review: DrillReview = [
      conditions.indexOf(r.condition),
      r.repeat,
      r.outcome === 'verdict' ? 'v' : r.outcome === 'no-verdict' ? 'n' : 'e',
      r.verdict ?? '',
      replies.indexOf(conversationText(r)),
      r.requestDigest,
      r.error ?? '',
      r.attempts,
      Math.round(r.latencyMs * 10) / 10,
      where === null ? '' : where ? 'l' : 'u',
    ];
    // Only a critic with tools has the timeline: a review without one keeps the tuple it always had.
    if (r.toolCalls) review.push(r.toolCalls.map(drillCall));
    v.push(review);
  }
  return v;
}

/** A tool call as the review's timeline shows it. */
function drillCall(call: ToolCall): DrillToolCall {
  const args = JSON.stringify(call.arguments) ?? '';
  return [call.tool, args.length > MAX_CALL_ARGUMENTS ? `${args.slice(0, MAX_CALL_ARGUMENTS)}…` : args, call.denied ? 1 : 0, Math.round(call.latencyMs * 10) / 10, call.resultDigest];
}
