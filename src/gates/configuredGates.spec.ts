import { describe, expect, it } from 'vitest';
import { thresholdsSchema, type Thresholds } from '../measures/index.js';
import { applyThresholdOverrides } from '../measures/overrides.js';
import { conditionsOf, type ConditionName } from '../requests/conditions/index.js';
import type { ReviewItem } from '../requests/items.js';
import { buildReport } from '../reports/build.js';
import type { AuditReport } from '../reports/types.js';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import { configuredGatesContract } from '../../test/support/measureContract.js';
import { reviewItems } from '../../test/support/reviewItems.js';
import { reviewFixtures } from '../mutants/reviewFixtures.js';
import type { ToolsSetting } from '../requests/tools.js';

/**
 * No configured gate may vanish: every threshold key of the config, set alone
 * on a tiny run where it has nothing to measure, yields a `no-data` gate that
 * fails the run and says why. Every key a measure owns is checked on its
 * member's specimen with no review answered (configuredGatesContract, from the
 * registry: a new measure needs no row here); the table adds the situations
 * particular to a key, each with the words its gate must say.
 */
const world = makeWorld(3, () => 2); // 6 number-flip mutants, 3 originals; every fixture carries a trace
const SEARCH: ToolsSetting = { evidence: 'search', code: 'none', decoys: false, maxCalls: 8 };

interface Run {
  thresholds: Thresholds;
  /** The run's conditions (default: clean). */
  conditions?: ConditionName[];
  /** The run's mutators (default: number-flip, the one the world's mutants come from). */
  mutators?: string[];
  /** Fixtures without a worker's trace. */
  noTraces?: boolean;
  /** No mutator made a valid mutant: only the originals are reviewed. */
  noMutants?: boolean;
  /** The critic's answer to an item under a condition, or null for no review (default: FAIL on mutants, PASS on originals). */
  answer?: (item: ReviewItem, condition: ConditionName) => 'FAIL' | 'PASS' | null;
  /** The critic's verdict grammar (a critic of reviews answers agree-disagree). */
  verdict?: string;
  /** The suite has a review audit: a review of each original answer. */
  reviewAudit?: boolean;
  /** The critic's `tools:` (its reviews then carry their tool calls: none). */
  tools?: ToolsSetting;
}

interface Case extends Run {
  /** The situation in which the key has nothing to measure. */
  situation: string;
  /** The no-data gate expected, and what its detail must say. */
  gate: string;
  why: RegExp;
  /** The same thresholds as `--threshold` arguments, when the key takes them (they must reach the same gate). */
  overrides?: string[];
  /** Why this no-data gate is a warning rather than failing the run. */
  warns?: string;
}

/** A key that configures no gate of its own, with what it does instead, checked on the same kind of run. */
interface NotAGate extends Run {
  notAGate: string;
  check: (report: AuditReport) => void;
}

/**
 * The run's only critic reviews reviews (verdict agree-disagree): it answers the review audit's items, agreeing,
 * and reviews none of the answers; no critic reviews them (issue 28).
 */
const onlyACriticOfReviews = { verdict: 'agree-disagree', reviewAudit: true, answer: (item: ReviewItem) => (item.kind === 'review' ? 'PASS' : null) } as const;
const NO_CRITIC_REVIEWS_IT = /no critic of the run has a gate for it.*no critic \(critic\) reviews the fixtures, mutants or conditions it applies to/;

const TABLE: { [K in keyof Thresholds]?: Array<Case> | NotAGate } = {
  catchRate: [
    {
      situation: 'a single number, and no mutator of the run made a mutant for this critic',
      thresholds: { catchRate: 0.6 },
      mutators: ['number-flip', 'entity-swap'],
      noMutants: true,
      gate: 'catchRate',
      why: /no mutant/,
    },
    {
      situation: 'a mutator named that the run does not run',
      thresholds: { catchRate: { negation: 0.5 } },
      gate: 'catchRate.negation',
      why: /negation is not among the run's mutators/,
    },
    {
      situation: 'a mutator of a kind the suite has no fixture of (code, in a text suite)',
      thresholds: { catchRate: { 'arithmetic-operator': 0.5 } },
      mutators: ['number-flip', 'arithmetic-operator'],
      gate: 'catchRate.arithmetic-operator',
      why: /no code fixture/,
      overrides: ['arithmetic-operator=0.5'],
    },
    {
      situation: 'a mutator named, and no critic reviews the fixtures it mutates',
      thresholds: { catchRate: { 'number-flip': 0.5 } },
      ...onlyACriticOfReviews,
      gate: 'catchRate',
      why: NO_CRITIC_REVIEWS_IT,
      overrides: ['number-flip=0.5'],
    },
  ],
  maxFalseAlarmRate: [
    {
      situation: 'no original reviewed',
      thresholds: { maxFalseAlarmRate: 0.1 },
      answer: (item) => (item.role === 'original' ? null : 'FAIL'),
      gate: 'maxFalseAlarmRate',
      why: /no clean review of the originals/,
      overrides: ['maxFalseAlarmRate=0.1'],
    },
  ],
  maxAnchoringDrop: [
    {
      situation: 'with-trace configured, and no fixture carries a trace (issue 28)',
      thresholds: { maxAnchoringDrop: 0.15 },
      conditions: ['clean', 'with-trace'],
      noTraces: true,
      gate: 'maxAnchoringDrop',
      why: /with-trace applies to none of the 3 fixtures.*trace/,
      overrides: ['maxAnchoringDrop=0.15'],
    },
    {
      situation: 'with-trace not among the conditions',
      thresholds: { maxAnchoringDrop: 0.15 },
      gate: 'maxAnchoringDrop',
      why: /with-trace is not among the configured conditions/,
      overrides: ['maxAnchoringDrop=0.15'],
    },
    {
      situation: 'with-trace configured, and no critic reviews the fixtures that carry a trace',
      thresholds: { maxAnchoringDrop: 0.15 },
      conditions: ['clean', 'with-trace'],
      ...onlyACriticOfReviews,
      gate: 'maxAnchoringDrop',
      why: NO_CRITIC_REVIEWS_IT,
      overrides: ['maxAnchoringDrop=0.15'],
    },
  ],
  maxConditionEffect: [
    {
      situation: 'its condition applies to no fixture (with-trace, no trace)',
      thresholds: { maxConditionEffect: { 'with-trace': 0.15 } },
      conditions: ['clean', 'with-trace'],
      noTraces: true,
      gate: 'maxConditionEffect.with-trace',
      why: /with-trace applies to none of the 3 fixtures/,
      overrides: ['maxConditionEffect.with-trace=0.15'],
    },
    {
      situation: 'per mutator through default, and no mutator made a mutant',
      thresholds: { maxConditionEffect: { 'prior-pass': { default: 0.15 } } },
      conditions: ['clean', 'prior-pass'],
      mutators: ['number-flip', 'entity-swap'],
      noMutants: true,
      gate: 'maxConditionEffect.prior-pass',
      why: /no mutant/,
      overrides: ['maxConditionEffect.prior-pass.default=0.15'],
    },
    {
      situation: 'a FAIL-pushing condition whose originals were not reviewed under it',
      thresholds: { maxConditionEffect: { 'prior-fail': 0.1 } },
      conditions: ['clean', 'prior-fail'],
      answer: (item, condition) => (condition === 'prior-fail' ? null : item.role === 'mutant' ? 'FAIL' : 'PASS'),
      gate: 'maxConditionEffect.prior-fail',
      why: /no original has an answered review under both clean and prior-fail/,
      overrides: ['maxConditionEffect.prior-fail=0.1'],
    },
    {
      situation: 'its condition configured, and no critic reviews the fixtures it applies to',
      thresholds: { maxConditionEffect: { 'with-trace': 0.1 } },
      conditions: ['clean', 'with-trace'],
      ...onlyACriticOfReviews,
      gate: 'maxConditionEffect',
      why: NO_CRITIC_REVIEWS_IT,
      overrides: ['maxConditionEffect.with-trace=0.1'],
    },
  ],
  maxYield: [
    {
      situation: 'no first-turn catch to take back',
      thresholds: { maxYield: { 'are-you-sure': 0.2 } },
      conditions: ['clean', 'are-you-sure'],
      answer: () => 'PASS',
      gate: 'maxYield.are-you-sure',
      why: /no mutant was caught in its first \(clean\) turn/,
      overrides: ['maxYield.are-you-sure=0.2'],
    },
    {
      situation: 'a second turn that applies to no fixture (reveal-trace, no trace)',
      thresholds: { maxYield: { 'reveal-trace': 0.2 } },
      conditions: ['clean', 'reveal-trace'],
      noTraces: true,
      gate: 'maxYield.reveal-trace',
      why: /no mutant has a verdict in both turns under reveal-trace/,
    },
  ],
  minCorrection: [
    {
      situation: 'no first-turn false alarm to correct',
      thresholds: { minCorrection: { 'rebuttal-evidence': 0.5 } },
      conditions: ['clean', 'rebuttal-evidence'],
      gate: 'minCorrection.rebuttal-evidence',
      why: /no original was flagged in its first \(clean\) turn/,
      overrides: ['minCorrection.rebuttal-evidence=0.5'],
    },
  ],
  maxFalseConsensus: [
    {
      situation: 'a critic of reviews in a run with no review item and no review mutator',
      thresholds: { maxFalseConsensus: 0.1 },
      verdict: 'agree-disagree',
      gate: 'maxFalseConsensus',
      why: /no review mutator/,
      overrides: ['maxFalseConsensus=0.1'],
    },
    {
      situation: 'a review mutator named, and no review of its mutants',
      thresholds: { maxFalseConsensus: { 'drop-flag': 0.1 } },
      mutators: ['number-flip', 'drop-flag'],
      verdict: 'agree-disagree',
      gate: 'maxFalseConsensus.drop-flag',
      why: /no drop-flag review was answered/,
      overrides: ['maxFalseConsensus.drop-flag=0.1'],
    },
  ],
  maxBlindDiscrimination: [
    {
      situation: 'no condition withholds the evidence',
      thresholds: { maxBlindDiscrimination: 0.1 },
      gate: 'maxBlindDiscrimination',
      why: /no condition withholds the evidence/,
      overrides: ['maxBlindDiscrimination=0.1'],
    },
    {
      situation: 'blind configured, and no mutator made a mutant',
      thresholds: { maxBlindDiscrimination: { default: 0.1 } },
      conditions: ['clean', 'blind'],
      mutators: ['number-flip', 'entity-swap'],
      noMutants: true,
      gate: 'maxBlindDiscrimination',
      why: /no mutant/,
      overrides: ['maxBlindDiscrimination.default=0.1'],
    },
    {
      situation: 'blind configured, and no critic reviews the kinds it withholds the evidence of',
      thresholds: { maxBlindDiscrimination: 0.1 },
      conditions: ['clean', 'blind'],
      ...onlyACriticOfReviews,
      gate: 'maxBlindDiscrimination',
      why: NO_CRITIC_REVIEWS_IT,
      overrides: ['maxBlindDiscrimination=0.1'],
    },
  ],
  minVerdictRate: [
    {
      situation: 'no review at all',
      thresholds: { minVerdictRate: 0.9 },
      answer: () => null,
      gate: 'minVerdictRate',
      why: /no review finished/,
      overrides: ['minVerdictRate=0.9'],
    },
  ],
  gate: {
    notAGate: 'chooses what every gate compares (the estimate or its interval bound); it measures nothing itself',
    thresholds: { gate: 'lower-bound' },
    check: (report) => expect(report.critics['critic']!.gates).toEqual([]),
  },
  maxRegression: [
    {
      situation: 'no --baseline to compare with',
      thresholds: { maxRegression: { margin: 0.05 } },
      gate: 'maxRegression',
      why: /no --baseline was given/,
      warns: 'the comparison is asked for by --baseline; the run that saves the baseline, with the same config, has none',
      overrides: ['maxRegression.margin=0.05'],
    },
  ],
  minimumDetectableEffect: {
    notAGate: 'a power check: a warning per mutator with too few valid mutants, never a gate',
    thresholds: { minimumDetectableEffect: 0.2 },
    mutators: ['number-flip', 'entity-swap'],
    check: (report) => {
      expect(report.power?.byMutator['entity-swap']).toMatchObject({ valid: 0, enough: false, detectable: null });
      expect(report.warnings.join('\n')).toMatch(/entity-swap: 0 valid mutants, fewer than the \d+ needed/);
    },
  },
  minVerificationRate: [
    {
      situation: 'a critic without tools',
      thresholds: { minVerificationRate: 0.9 },
      gate: 'minVerificationRate',
      why: /no critic of the run has a gate for it/,
      overrides: ['minVerificationRate=0.9'],
    },
    {
      situation: 'a critic with tools but no way to verify (the evidence inline, no code run)',
      thresholds: { minVerificationRate: 0.9 },
      tools: { evidence: 'inline', code: 'none', decoys: true, maxCalls: 8 },
      gate: 'minVerificationRate',
      why: /no clean review that was offered a way to verify/,
    },
  ],
  maxVerificationDrop: [
    {
      situation: 'no review under the condition',
      thresholds: { maxVerificationDrop: { 'with-trace': 0.15 } },
      conditions: ['clean', 'with-trace'],
      tools: SEARCH,
      answer: (item, condition) => (condition === 'with-trace' ? null : item.role === 'mutant' ? 'FAIL' : 'PASS'),
      gate: 'maxVerificationDrop.with-trace',
      why: /under both clean and with-trace/,
      overrides: ['maxVerificationDrop.with-trace=0.15'],
    },
  ],
  maxBoundaryRequests: [
    { situation: 'a critic without tools', thresholds: { maxBoundaryRequests: 0 }, gate: 'maxBoundaryRequests', why: /no critic of the run has a gate for it/, overrides: ['maxBoundaryRequests=0'] },
  ],
  positiveControl: [
    {
      situation: 'no clean review of mutants and originals',
      thresholds: { positiveControl: { minDiscrimination: 0.3 } },
      answer: () => null,
      gate: 'positive-control',
      why: /needs both mutants and originals reviewed clean/,
      overrides: ['positiveControl.minDiscrimination=0.3'],
    },
  ],
};

function report(run: Run): AuditReport {
  const conditions = run.conditions ?? ['clean'];
  const answers = run.noTraces ? world.fixtures.map((f) => ({ ...f, trace: undefined })) : world.fixtures;
  const fixtures = [...answers, ...(run.reviewAudit ? reviewFixtures(answers, () => [], { seed: 1, perFixture: 1 }) : [])];
  const mutants = run.noMutants ? [] : world.mutants;
  const items = reviewItems(fixtures, mutants).filter((i) => !run.noMutants || i.role === 'original');
  const base = snapshotOf({ fixtures, mutants, items }, ['critic'], conditions, run.thresholds);
  const snapshot = {
    ...base,
    settings: { ...base.settings, mutators: run.mutators ?? ['number-flip'] },
    critics: base.critics.map((c) => ({ ...c, ...(run.verdict ? { verdict: run.verdict } : {}), ...(run.tools ? { tools: run.tools } : {}) })),
  };
  const answer = run.answer ?? ((item) => (item.role === 'mutant' ? 'FAIL' : 'PASS'));
  const results = items.flatMap((item) =>
    conditions.flatMap((condition) => {
      const verdict = answer(item, condition);
      if (verdict === null || (run.noTraces && (condition === 'with-trace' || condition === 'reveal-trace'))) return [];
      return [reviewResult({ itemId: item.id, condition, reviewId: `${item.id}/${condition}`, verdict, reply: `VERDICT: ${verdict}`, ...(run.tools ? { toolCalls: [] } : {}) })];
    }),
  );
  return buildReport(snapshot, COMPLETE, memoryStore(results));
}

describe('no configured gate vanishes', () => {
  configuredGatesContract();

  it('names threshold keys of the schema only', () => {
    expect(Object.keys(thresholdsSchema.shape)).toEqual(expect.arrayContaining(Object.keys(TABLE)));
  });

  const cases = Object.entries(TABLE).flatMap(([key, entry]) => (Array.isArray(entry) ? entry.map((c) => ({ key, ...c })) : []));
  it.each(cases)('$key, $situation: a no-data gate $gate that fails the run (or warns, saying why)', (c) => {
    const built = report(c);
    const gate = built.critics['critic']!.gates.find((g) => g.name === c.gate);
    expect(gate, `gates: ${JSON.stringify(built.critics['critic']!.gates.map((g) => g.name))}`).toMatchObject({ status: 'no-data', value: null, pass: c.warns !== undefined });
    expect(gate!.detail).toMatch(c.why);
    if (c.warns) expect(built.warnings).toContain(`critic: ${c.gate} has no data: ${gate!.detail}`);
    else {
      expect(built.critics['critic']!.passed).toBe(false);
      expect(built.passed).toBe(false);
    }
  });

  it.each(cases.filter((c) => c.overrides))('$key from --threshold $overrides: the same thresholds', (c) => {
    const mutators = c.mutators ?? ['number-flip'];
    expect(applyThresholdOverrides({}, c.overrides!, mutators, conditionsOf(c.conditions ?? ['clean']))).toEqual(c.thresholds);
  });

  const notGates = Object.entries(TABLE).flatMap(([key, entry]) => (Array.isArray(entry) ? [] : [{ key, ...entry }]));
  it.each(notGates)('$key $notAGate', (c) => c.check(report(c)));
});
