import { describe, expect, it } from 'vitest';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import { buildReport } from '../reports/build.js';
import { renderMarkdown } from '../reports/markdown.js';
import { renderTerminal } from '../reports/terminal.js';
import type { ConditionName } from '../requests/conditions/index.js';
import { CRITIC_MEASURES, criticFigure, RUN_MEASURES, TABLE_MEASURES, thresholdsSchema } from './index.js';
import type { AnyCriticMeasure, AnyRunMeasure, AnyTablesMeasure, CriticView } from './measure.js';

/**
 * Every measure of the registry against scripted results of known behaviour: two critics (one that catches
 * every mutant and keeps its verdict when challenged, one that flags nothing and yields), under clean, the
 * worker's trace and a second turn. Each member's figure lands in report.json under its key; its sections render; its threshold
 * keys are in the schema, and each key it owns, set, yields a gate of that name (no configured gate is absent).
 */
const world = makeWorld(3, () => 2);
const conditions: ConditionName[] = ['clean', 'with-trace', 'are-you-sure'];
const answers: Record<string, (role: string, condition: string) => 'FAIL' | 'PASS'> = {
  steady: (role) => (role === 'mutant' ? 'FAIL' : 'PASS'),
  yielding: (role, condition) => (condition === 'clean' && role === 'mutant' ? 'FAIL' : 'PASS'),
};

function report(thresholds: Record<string, unknown> = {}) {
  const snapshot = snapshotOf(world, Object.keys(answers), conditions, thresholdsSchema.parse(thresholds));
  const results = Object.entries(answers).flatMap(([critic, answer]) =>
    world.items.flatMap((item) =>
      conditions.map((condition) => {
        const verdict = answer(item.role, condition);
        return reviewResult({ critic, itemId: item.id, condition, reviewId: `${critic}/${item.id}/${condition}`, verdict, reply: `VERDICT: ${verdict}` });
      }),
    ),
  );
  return buildReport(snapshot, COMPLETE, memoryStore(results));
}

/** A threshold value of the right shape per key the registry's members own, with a second-turn condition and a mutator of this run. */
const SETTINGS: Record<string, unknown> = {
  catchRate: { default: 0.6, mode: 'located' },
  maxFalseAlarmRate: 0.1,
  maxAnchoringDrop: 0.1,
  maxConditionEffect: { 'with-trace': 0.1 },
  maxYield: { 'are-you-sure': 0.2 },
  minCorrection: { 'are-you-sure': 0.5 },
  minimumDetectableEffect: 0.2,
  maxFalseConsensus: 0.1,
  maxRegression: { margin: 0.1 },
  maxBlindDiscrimination: 0.3,
  positiveControl: { minDiscrimination: 0.2 },
  minVerdictRate: 0.9,
  minVerificationRate: 0.9,
  maxVerificationDrop: { 'with-trace': 0.15 },
  maxBoundaryRequests: 0,
};

/** The gates of a key not named after it: `positiveControl` is the `positive-control` gate. */
const GATE_NAMES: Record<string, string> = { positiveControl: 'positive-control' };

/**
 * The keys whose gates apply to some critics only: the scripted critics that have them. When none has, every
 * critic gets the unclaimed threshold's failing no-data gate instead (src/reports/unclaimedThresholds.ts).
 */
const GATED_CRITICS: Record<string, readonly string[]> = {
  // Critics of reviews only: both scripted critics answer PASS/FAIL.
  maxFalseConsensus: [],
  // Critics with tools only (src/measures/toolUse.spec.ts gates them): neither scripted critic has any.
  minVerificationRate: [],
  maxVerificationDrop: [],
  maxBoundaryRequests: [],
};

const critics: AnyCriticMeasure[] = [...CRITIC_MEASURES];
const ofTables: AnyTablesMeasure[] = [...TABLE_MEASURES];
const runs: AnyRunMeasure[] = [...RUN_MEASURES];
const built = report();
const asJson = JSON.parse(JSON.stringify(built));
/** What the sections of the steady critic read beside their own figure. */
const steady = built.critics['steady']!;
const view: CriticView = { name: 'steady', conditions, tables: steady, figureOf: (m) => criticFigure(m, steady) };

describe('every measure of the registry', () => {
  it('has a key (or, measuring the tables, a name) of its own', () => {
    const keys = [...critics.map((m) => m.key), ...ofTables.map((m) => m.name), ...runs.map((m) => m.key)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(ofTables.map((m) => m.name))('%s: its sections render from the tables', (name) => {
    const m = ofTables.find((t) => t.name === name)!;
    for (const section of [m.terminal ?? [], m.markdown ?? []].flat()) expect(section.render(view.tables, view).every((l: unknown) => typeof l === 'string')).toBe(true);
    for (const section of [m.html ?? []].flat()) expect(typeof section.render(view.tables, view)).toBe('string');
  });

  it.each(critics.map((m) => m.key))('%s: its figure is under its key in critics[name], and its sections render', (key) => {
    const m = critics.find((c) => c.key === key)!;
    for (const name of Object.keys(answers)) {
      // A figure that does not apply to the critic (a review audit of a critic of answers) is undefined, absent from report.json.
      const own = (built.critics[name] as Record<string, unknown>)[key];
      expect(Object.keys(asJson.critics[name]).includes(key)).toBe(own !== undefined);
      if (own !== undefined) expect(asJson.critics[name][key]).toEqual(JSON.parse(JSON.stringify(own)));
    }
    const figure = criticFigure(m, steady);
    for (const section of [m.terminal ?? [], m.markdown ?? []].flat()) expect(section.render(figure, view).every((l: unknown) => typeof l === 'string')).toBe(true);
    // null: the section shows nothing for a critic its figure does not apply to (a critic without tools).
    for (const section of [m.html ?? []].flat()) expect(['string', 'null']).toContain(section.render(figure, view) === null ? 'null' : typeof section.render(figure, view));
  });

  it.each(runs.map((m) => m.key))('%s: its figure is under its key in report.json, and its sections render', (key) => {
    const m = runs.find((r) => r.key === key)!;
    expect(Object.keys(asJson)).toContain(key);
    const figure = (built as Record<string, unknown>)[key];
    if (m.markdown) expect(m.markdown.render(figure).every((l: unknown) => typeof l === 'string')).toBe(true);
    if (m.html) expect(typeof m.html.render(figure)).toBe('string');
  });

  const owned = [...critics.map((m) => [m.key, m] as const), ...ofTables.map((m) => [m.name, m] as const), ...runs.map((m) => [m.key, m] as const)].flatMap(([name, m]) =>
    Object.keys(m.thresholds?.shape ?? {}).map((key) => [name, key] as const),
  );
  const perCritic = new Set([...critics.map((m) => m.key), ...ofTables.map((m) => m.name)]);
  it.each(owned)('%s: its threshold %s is in the schema and has a setting in this spec', (_measure, key) => {
    expect(Object.keys(thresholdsSchema.shape)).toContain(key);
    expect(SETTINGS).toHaveProperty(key);
  });

  it.each(owned.filter(([measure]) => perCritic.has(measure)))('%s: %s set yields its gates, named after it, for every critic it applies to', (_measure, key) => {
    const gated = report({ [key]: SETTINGS[key] });
    const expected = GATED_CRITICS[key] ?? Object.keys(answers);
    for (const name of Object.keys(answers)) {
      const gate = GATE_NAMES[key] ?? key;
      const gates = gated.critics[name]!.gates.filter((g) => g.name === gate || g.name.startsWith(`${gate}.`));
      expect(gates.length > 0, `${name}: ${JSON.stringify(gated.critics[name]!.gates.map((g) => g.name))}`).toBe(expected.includes(name) || expected.length === 0);
      if (!expected.includes(name) && expected.length === 0) expect(gates.map((g) => [g.status, g.pass, /no critic of the run has a gate for it/.test(g.detail)])).toEqual([['no-data', false, true]]);
    }
  });

  it('tells the scripted critics apart where a second turn is measured', () => {
    const turns = (name: string) => (built.critics[name] as { secondTurn: Record<string, { byGroup: Record<string, { yield?: { rate: number } | null }> }> }).secondTurn;
    expect(turns('steady')['are-you-sure']!.byGroup['all']!.yield!.rate).toBe(0);
    expect(turns('yielding')['are-you-sure']!.byGroup['all']!.yield!.rate).toBe(1);
    expect(renderMarkdown(built)).toMatch(/\| are-you-sure \(after \w+\) \| all \| 6 \| 100% /);
    expect(renderTerminal(built, '/tmp/out')).toContain('second turn are-you-sure: yield 100% of 6 first-turn catches');
  });
});
