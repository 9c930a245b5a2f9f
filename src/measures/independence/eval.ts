import type { PairedComparison } from '../../results/tabulate.js';
import { formatP, signedPoints } from '../format.js';
import type { CriticTables } from '../../results/tabulate.js';
import type { RunScope } from '../measure.js';

/** What an eval found: `not-applicable` when the run gave it nothing to judge (the evidence says why). */
export type IndependenceResult = 'pass' | 'fail' | 'not-applicable';

export interface Judgement {
  result: IndependenceResult;
  /** What the judgement rests on, in a sentence or two, with its figures. */
  evidence: string;
}

/** One row of report.json's `independence[critic]`: seed 002's case and expectation, in its spelling, and what the run showed. */
export interface IndependenceRow extends Judgement {
  case: string;
  expect: string;
}

/** What an eval reads of one critic: its name and report part, and the run's scope. */
export interface IndependenceScope {
  name: string;
  /** Its part of report.json: its tables, and each per-critic measure's figure (criticFigure). */
  critic: CriticTables;
  run: RunScope;
}

/**
 * One of seed 002's independence evals of the review process: it owns its case's name and expectation as the seed
 * spells them, and its judgement of one critic from what the run measured (report.json `independence`).
 */
export interface IndependenceEval {
  case: string;
  expect: string;
  judge(scope: IndependenceScope): Judgement;
}

export const independenceEval = (e: IndependenceEval): IndependenceEval => e;

export const pass = (evidence: string): Judgement => ({ result: 'pass', evidence });
export const fail = (evidence: string): Judgement => ({ result: 'fail', evidence });
export const notApplicable = (evidence: string): Judgement => ({ result: 'not-applicable', evidence });

/**
 * The level below which a paired drop from clean is a change: an exact McNemar p under 5%, unadjusted (a process
 * check errs on the side of flagging; the paired table beside it gives the Holm-adjusted p).
 */
export const ALPHA = 0.05;

/** Whether a paired row shows a drop from clean: fewer flagged under the condition, exact McNemar p under ALPHA. */
export const dropped = (row: PairedComparison): boolean => row.b > row.c && row.p < ALPHA;

/** A paired row in words: "catch rate −100 pts against clean on the same 12 mutants (b=12, c=0, exact McNemar p=0.0005)". */
export const pairedText = (what: string, row: PairedComparison): string =>
  `${what} ${signedPoints(row.delta)} against clean on the same ${row.n} mutants (b=${row.b}, c=${row.c}, exact McNemar p=${formatP(row.p)})`;
