import type { ConditionName } from '../../requests/conditions/index.js';
import type { OutcomeCode } from '../../results/itemOutcomes.js';
import type { Verdict } from '../../reviews/verdicts/pass-fail.js';

/*
 * The drill-down data report.html embeds: data.ts writes it, the page's script
 * (client/drillDown.ts) reads it. Both sides use these types, so a field or a
 * tuple position changed on one side fails to compile on the other.
 */

/** What became of an item under one condition: caught, missed, no verdict, error; "-" not reviewed. */
export type OutcomeLetter = 'c' | 'm' | 'n' | 'e' | '-';

/** Each outcome's letter; the page's outcome filter offers the outcome codes. */
export type OutcomeLetters = Readonly<Record<OutcomeCode, Exclude<OutcomeLetter, '-'>>>;

/** One stored review, as an array to keep 10,000 of them small. */
export type DrillReview = [
  /** Index into DrillData.conditions. */
  condition: number,
  repeat: number,
  /** v a verdict, n no verdict, e an error. */
  outcome: 'v' | 'n' | 'e',
  /** "" without a verdict. */
  verdict: Verdict | '',
  /** Index into DrillReviews.replies; -1 none. */
  reply: number,
  /** The request's sha256, as recorded in run.sqlite. */
  requestDigest: string,
  /** The error message, or "". */
  error: string,
  attempts: number,
  latencyMs: number,
  /** "l" a catch that pointed at the mutation, "u" one that did not, "" no catch. */
  located: '' | 'l' | 'u',
  /** A critic with tools: its calls in the order made (absent for a critic without tools). */
  calls?: DrillToolCall[],
];

/** One tool call of a review, for its timeline. */
export type DrillToolCall = [
  tool: string,
  /** Its arguments as JSON, cut to MAX_CALL_ARGUMENTS characters. */
  args: string,
  /** 1 when it was denied (out of bounds). */
  denied: 0 | 1,
  latencyMs: number,
  resultDigest: string,
];

/** A row of the mutant list: a mutant or an original, its change and one outcome letter per condition. */
export type DrillItem = DrillMutant | DrillOriginal;

interface DrillItemBase {
  id: string;
  /** Index into fixtures. */
  f: number;
  /** One OutcomeLetter per condition, in the order of DrillData.conditions. */
  x: string;
}

export interface DrillMutant extends DrillItemBase {
  /** The mutator. */
  m: string;
  /** The mutated span in the fixture's artifact (UTF-16 offsets), what it held and what replaced it. */
  s: [number, number];
  o: string;
  r: string;
  /** 1-based line and column of the span. */
  l: [number, number];
}

/** An original: a known-correct control. */
export interface DrillOriginal extends DrillItemBase {
  m: null;
  /** Its own artifact when it is not the fixture's reference (a correct variant). */
  a?: string;
}

export interface DrillFixture {
  id: string;
  kind: string;
  file: string;
  task: string;
  artifact: string;
  evidence: Array<{ id: string; title: string; text: string }>;
  trace: string | null;
}

/** What the page's script needs for the mutant list and its filters: unpacked at once. */
export interface DrillData {
  conditions: ConditionName[];
  fixtures: DrillFixture[];
  critics: Array<{ name: string; items: DrillItem[] }>;
}

/** The reviews behind each item (replies, digests), the bulk of the data: unpacked after the list is up. */
export interface DrillReviews {
  /** Replies, each stored once (many critics repeat themselves word for word). */
  replies: string[];
  /** Per critic, per item (in DrillData's order), its reviews. */
  critics: DrillReview[][][];
}
