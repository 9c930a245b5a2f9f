import { CONDITION_NAMES, type ConditionName } from '../requests/conditions/index.js';
import type { ReviewResult } from '../reviews/types.js';

/** Replies kept per item and condition are cut to this many characters (the store keeps them whole). */
export const REPLY_EXCERPT_CHARS = 4000;

/**
 * One item under one condition, over its repeats, counted the one way every
 * table, gate, baseline and report counts it: a FAIL flags; a reply without a
 * verdict is an answer that did not flag; an error is no answer and is left
 * out of every rate.
 */
export interface ItemConditionOutcome {
  /** Repeats that got a reply (verdict or not). */
  answered: number;
  /** Repeats whose verdict was FAIL. */
  flagged: number;
  /** Repeats whose reply had no verdict. */
  noVerdict: number;
  errors: number;
  /** With `keep.reply`: the first answered repeat's reply, cut to REPLY_EXCERPT_CHARS; else null. */
  reply: string | null;
}

/** Counts kept per item and condition, in this order. */
const ANSWERED = 0,
  FLAGGED = 1,
  NO_VERDICT = 2,
  ERRORS = 3,
  FIELDS = 4;

/**
 * Per item and condition: what the critic answered, over its repeats. The
 * counts sit in one typed array, a slot per item: a 100,000-review run has
 * tens of thousands of items, and an object per item and condition (with a
 * Map per item) was most of what its reports held. Replies are kept only
 * when asked for: a long run's replies are most of its bytes, and the tables
 * need only the counts (reports read whole reviews from the store item by
 * item). Each slot has a cell per condition: the built-ins from the start,
 * and a config's declared conditions as their first review arrives (the
 * array is laid out again, once per new condition).
 */
export class ItemOutcomes {
  private readonly slots = new Map<string, number>();
  private readonly conditionIndex = new Map<string, number>(CONDITION_NAMES.map((c, i) => [c, i]));
  private width = CONDITION_NAMES.length;
  private counts = new Uint32Array(FIELDS * this.width * 1024);
  /** Reply excerpts by cell (slot and condition), with keep.reply only. */
  private readonly replies = new Map<number, string>();

  constructor(private readonly keepReplies = false) {}

  add(r: ReviewResult): void {
    let slot = this.slots.get(r.itemId);
    if (slot === undefined) {
      slot = this.slots.size;
      this.slots.set(r.itemId, slot);
      if ((slot + 1) * FIELDS * this.width > this.counts.length) {
        const grown = new Uint32Array(this.counts.length * 2);
        grown.set(this.counts);
        this.counts = grown;
      }
    }
    const cell = slot * this.width + this.indexOf(r.condition);
    const at = cell * FIELDS;
    if (r.outcome === 'error') {
      this.counts[at + ERRORS]!++;
      return;
    }
    this.counts[at + ANSWERED]!++;
    if (r.outcome === 'no-verdict') this.counts[at + NO_VERDICT]!++;
    if (r.verdict === 'FAIL') this.counts[at + FLAGGED]!++;
    if (this.keepReplies && r.reply !== null && !this.replies.has(cell)) {
      this.replies.set(cell, r.reply.length > REPLY_EXCERPT_CHARS ? `${r.reply.slice(0, REPLY_EXCERPT_CHARS)}…` : r.reply);
    }
  }

  has(itemId: string): boolean {
    return this.slots.has(itemId);
  }

  itemIds(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** The item's outcome under the condition; undefined when it has no review under it. */
  of(itemId: string, condition: ConditionName): ItemConditionOutcome | undefined {
    const slot = this.slots.get(itemId);
    const index = this.conditionIndex.get(condition);
    return slot === undefined || index === undefined ? undefined : this.cell(slot * this.width + index);
  }

  /** The item's outcome under each condition it was reviewed under, in the order of their names, as the store lists them (a saved baseline keeps its bytes). */
  *conditionsOf(itemId: string): Generator<[ConditionName, ItemConditionOutcome]> {
    const slot = this.slots.get(itemId);
    if (slot === undefined) return;
    for (const condition of [...this.conditionIndex.keys()].sort()) {
      const o = this.cell(slot * this.width + this.conditionIndex.get(condition)!);
      if (o) yield [condition, o];
    }
  }

  /** The condition's cell index, widening every slot by one cell the first time a condition is seen. */
  private indexOf(condition: ConditionName): number {
    const known = this.conditionIndex.get(condition);
    if (known !== undefined) return known;
    const index = this.width;
    const width = this.width + 1;
    const counts = new Uint32Array((this.counts.length / (FIELDS * this.width)) * FIELDS * width);
    for (let slot = 0; slot < this.slots.size; slot++) counts.set(this.counts.subarray(slot * FIELDS * this.width, (slot + 1) * FIELDS * this.width), slot * FIELDS * width);
    const replies = new Map([...this.replies].map(([cell, reply]) => [Math.floor(cell / this.width) * width + (cell % this.width), reply]));
    this.replies.clear();
    for (const [cell, reply] of replies) this.replies.set(cell, reply);
    this.counts = counts;
    this.width = width;
    this.conditionIndex.set(condition, index);
    return index;
  }

  private cell(cell: number): ItemConditionOutcome | undefined {
    const at = cell * FIELDS;
    const answered = this.counts[at + ANSWERED]!;
    const errors = this.counts[at + ERRORS]!;
    if (answered + errors === 0) return undefined;
    return { answered, flagged: this.counts[at + FLAGGED]!, noVerdict: this.counts[at + NO_VERDICT]!, errors, reply: this.replies.get(cell) ?? null };
  }
}

/** Counts a critic's reviews per item and condition (see ItemOutcomes). */
export function itemOutcomes(results: Iterable<ReviewResult>, keep: { reply?: boolean } = {}): ItemOutcomes {
  const outcomes = new ItemOutcomes(keep.reply === true);
  for (const r of results) outcomes.add(r);
  return outcomes;
}

/** Flagged by majority over the answered repeats: how a paired test counts an item (no pseudo-replication). */
export const isFlagged = (o: { answered: number; flagged: number }) => o.flagged * 2 > o.answered;

/** Flagged for a paired test, or undefined when the item has no answer under the condition. */
export const flaggedForPairing = (o: ItemConditionOutcome | undefined): boolean | undefined => (o && o.answered > 0 ? isFlagged(o) : undefined);

/** The repeats did not all answer alike (some FAIL, some PASS, some without a verdict). */
export function isFlaky(o: ItemConditionOutcome): boolean {
  const passed = o.answered - o.flagged - o.noVerdict;
  return [o.flagged, o.noVerdict, passed].filter((n) => n > 0).length > 1;
}

/**
 * caught: flagged by a majority of the answered repeats (a FAIL; for an
 * original this is a false alarm); missed: answered, not flagged, with at
 * least one verdict; noverdict: every answer lacked a verdict; error: no
 * answer at all, only errors.
 */
export type OutcomeCode = 'caught' | 'missed' | 'noverdict' | 'error';

export function outcomeCode(o: ItemConditionOutcome): OutcomeCode {
  if (o.answered === 0) return 'error';
  if (isFlagged(o)) return 'caught';
  if (o.noVerdict === o.answered) return 'noverdict';
  return 'missed';
}
