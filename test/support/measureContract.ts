import { describe, expect, it } from 'vitest';
import type { Gate } from '../../src/gates/gate.js';
import { CRITIC_MEASURES, criticFigure, headlineNotes, RUN_MEASURES, TABLE_MEASURES, thresholdKeyOf, thresholdsSchema } from '../../src/measures/index.js';
import type { AnyCriticMeasure, AnyRunMeasure, AnyTablesMeasure, CriticView, Specimen } from '../../src/measures/measure.js';
import { renderGithubSummary } from '../../src/reports/githubSummary.js';
import { renderJunit, xml } from '../../src/reports/junit.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { renderTerminal } from '../../src/reports/terminal.js';
import type { AuditReport } from '../../src/reports/types.js';
import { specimenHtml, specimenRun } from './specimen.js';

/**
 * The contract every measure of the registry keeps, checked on its own specimen run (src/measures/measure.ts,
 * `Specimen`): nothing here names a member, so a measure added by its file and a registry line is checked as it
 * stands (measures.contract.spec.ts runs this on the registry; measures.adding.spec.ts on the registry with a spec-only
 * member added).
 *
 * - a per-critic measure has data on its specimen (its figure differs from the one on the same run with no review
 *   answered), its figure is under its key (or its spread keys) in report.json, and each of its sections, card,
 *   junit properties and headline note shows in the terminal, report.md, report.html, the step summary, junit.xml
 *   and the first line;
 * - a measure of the tables' sections show in the same outputs;
 * - each threshold key a per-critic or tables measure owns is in the schema, and on the specimen its `pass` example
 *   yields gates of that key (as its member names them) that all pass with data, its `fail` example a red gate that
 *   fails the critic, shown as a failure in junit.xml and in the step summary's gates;
 * - a run-level measure's figure is its report.json key, its sections show in report.md and report.html, its junit
 *   cases in junit.xml, and its key's `fail` example warns where its `pass` does not.
 */
export function measureContract(): void {
  const critics: AnyCriticMeasure[] = [...CRITIC_MEASURES];
  const ofTables: AnyTablesMeasure[] = [...TABLE_MEASURES];
  const runs: AnyRunMeasure[] = [...RUN_MEASURES];
  const keysOf = (m: { thresholds?: { shape: object } | undefined }) => Object.keys(m.thresholds?.shape ?? {});
  const settingOf = (m: { thresholds?: { examples: object } | undefined }, key: string, which: 'pass' | 'fail') =>
    (m.thresholds!.examples as Record<string, Record<'pass' | 'fail', unknown>>)[key]![which];
  const gatesOf = (report: AuditReport, key: string): Gate[] => report.critics['critic']!.gates.filter((g) => thresholdKeyOf(g.name) === key);
  const viewOf = (report: AuditReport, conditions: readonly string[]): CriticView => {
    const critic = report.critics['critic']!;
    return { name: 'critic', conditions, tables: critic, figureOf: (m) => criticFigure(m, critic) };
  };
  /** Every line of a section shows in an output (its blank lines aside). */
  const showsLines = (output: string, lines: readonly string[]) => {
    for (const line of lines.filter((l) => l.trim())) expect(output).toContain(line);
  };
  /** What every output of a specimen run shows. */
  const outputsOf = async (specimen: Specimen | undefined, thresholds: Record<string, unknown> = {}) => {
    const run = specimenRun(specimen, thresholds);
    return { run, report: run.report, terminal: renderTerminal(run.report, '/tmp/out'), markdown: renderMarkdown(run.report), junit: renderJunit(run.report), html: await specimenHtml(run) };
  };

  describe('every measure of the registry', () => {
    it('has a key (or, measuring the tables, a name) of its own', () => {
      const keys = [...critics.map((m) => m.key), ...ofTables.map((m) => m.name), ...runs.map((m) => m.key)];
      expect(new Set(keys).size).toBe(keys.length);
    });

    it.each(critics.map((m) => [m.key, m] as const))('%s: has data on its specimen, its figure is in report.json, and every output shows it', async (key, m) => {
      const out = await outputsOf(m.specimen);
      const critic = out.report.critics['critic']!;
      const figure = criticFigure(m, critic);
      // A member without a specimen (planAudit: its authored mutants need a suite of plans) is checked on the default run, where it may have no data.
      if (m.specimen) {
        const silent = criticFigure(m, specimenRun({ ...m.specimen, answer: () => null }).report.critics['critic']!);
        expect(JSON.stringify(figure), 'the figure on the specimen is the one with no review answered').not.toEqual(JSON.stringify(silent));
      }
      const json = JSON.parse(JSON.stringify(out.report)).critics.critic;
      for (const field of m.spread ? Object.keys(m.spread) : [key])
        expect(json[field]).toEqual(JSON.parse(JSON.stringify((critic as unknown as Record<string, unknown>)[field]) ?? 'null') ?? undefined);
      const view = viewOf(out.report, out.report.conditions);
      for (const section of [m.terminal ?? []].flat()) showsLines(out.terminal, section.render(figure, view) ?? ([] as string[]));
      for (const section of [m.markdown ?? []].flat()) showsLines(out.markdown, section.render(figure, view) ?? ([] as string[]));
      for (const section of [m.html ?? []].flat()) {
        const piece = section.render(figure, view);
        if (m.specimen) expect(piece, 'its html section shows something on its specimen').not.toBeNull();
        if (piece !== null) expect(out.html).toContain(piece);
      }
      if (m.summary) showsLines(renderGithubSummary(out.report, '/tmp/out'), m.summary.render(figure, view) ?? []);
      if (m.card) expect(out.html).toContain(m.card.render(figure));
      for (const [name, value] of Object.entries(m.junit?.properties(figure) ?? {})) expect(out.junit).toContain(`<property name="${xml(name)}" value="${xml(value)}"/>`);
      if (m.headline) {
        const note = m.headline.note([{ name: 'critic', figure, tables: critic }]);
        expect(headlineNotes(out.report)).toContain(note);
        if (note) expect(out.markdown.split('\n').slice(0, 3).join('\n')).toContain(note.trim());
      }
    });

    it.each(ofTables.map((m) => [m.name, m] as const))('%s: its sections show in the terminal, report.md and report.html', async (_name, m) => {
      const out = await outputsOf(m.specimen);
      const view = viewOf(out.report, out.report.conditions);
      for (const section of [m.terminal ?? []].flat()) showsLines(out.terminal, section.render(view.tables, view) ?? []);
      for (const section of [m.markdown ?? []].flat()) showsLines(out.markdown, section.render(view.tables, view) ?? []);
      for (const section of [m.html ?? []].flat()) expect(out.html).toContain(section.render(view.tables, view));
    });

    const owned = [...critics, ...ofTables].flatMap((m) => keysOf(m).map((key) => [key, m] as const));
    it.each(owned)('%s: in the schema; its pass example passes its gates with data, its fail example fails one, in every output', async (key, m) => {
      expect(Object.keys(thresholdsSchema.shape)).toContain(key);
      const passed = specimenRun(m.specimen, { [key]: settingOf(m, key, 'pass') }).report;
      const passing = gatesOf(passed, key);
      expect(passing.length, `gates: ${JSON.stringify(passed.critics['critic']!.gates.map((g) => g.name))}`).toBeGreaterThan(0);
      expect(passing.map((g) => [g.name, g.pass, g.status === 'no-data' ? g.detail : 'data'])).toEqual(passing.map((g) => [g.name, true, 'data']));
      const out = await outputsOf(m.specimen, { [key]: settingOf(m, key, 'fail') });
      const failing = gatesOf(out.report, key).filter((g) => !g.pass);
      expect(
        failing.map((g) => g.status),
        JSON.stringify(gatesOf(out.report, key)),
      ).toContain('red');
      expect(out.report.critics['critic']!.passed).toBe(false);
      for (const gate of failing) {
        expect(out.junit).toMatch(new RegExp(`<testcase classname="critic-audit.critic" name="${escapeRegExp(xml(gate.name))}" time="0">\\s*<failure `));
        expect(renderGithubSummary(out.report, '/tmp/out')).toContain(`| ${gate.name} |`);
      }
    });

    it.each(runs.map((m) => [m.key, m] as const))('%s: its figure is its key in report.json, and report.md, report.html and junit.xml show it', async (key, m) => {
      const out = await outputsOf(m.specimen);
      const figure = (out.report as unknown as Record<string, unknown>)[key];
      expect(JSON.parse(JSON.stringify(out.report))[key]).toEqual(JSON.parse(JSON.stringify(figure)));
      if (m.markdown) showsLines(out.markdown, m.markdown.render(figure));
      if (m.html) expect(out.html).toContain(m.html.render(figure));
      for (const c of m.junit?.cases(figure) ?? []) expect(out.junit).toContain(`<testcase classname="${xml(c.suite)}" name="${xml(c.name)}" time="0">`);
    });

    const runKeys = runs.flatMap((m) => keysOf(m).map((key) => [key, m] as const));
    it.each(runKeys)('%s: in the schema; its fail example warns where its pass example does not', (key, m) => {
      expect(Object.keys(thresholdsSchema.shape)).toContain(key);
      const warnings = (which: 'pass' | 'fail') => specimenRun(m.specimen, { [key]: settingOf(m, key, which) }).report.warnings;
      expect(warnings('fail').length).toBeGreaterThan(warnings('pass').length);
    });
  });
}

/**
 * No configured gate vanishes, for every key a per-critic or tables measure owns: set alone (its `pass` example) on
 * its member's specimen run with no review answered, it yields gates of that key (as its member names its gates);
 * one with nothing to measure is no-data and fails the run, or passes with a warning that says so. (A count that
 * stands without reviews, maxBoundaryRequests' calls out of bounds, is a figure: none were made.) src/gates/configuredGates.spec.ts runs it, beside
 * its own situations per key.
 */
export function configuredGatesContract(): void {
  const owned = [...CRITIC_MEASURES, ...TABLE_MEASURES].flatMap((m: AnyCriticMeasure | AnyTablesMeasure) => Object.keys(m.thresholds?.shape ?? {}).map((key) => [key, m] as const));
  it.each(owned)('%s, set on its specimen with no review answered: a no-data gate that fails the run (or warns, saying why)', (key, m) => {
    const setting = (m.thresholds!.examples as Record<string, { pass: unknown }>)[key]!.pass;
    const report = specimenRun({ ...m.specimen, answer: () => null }, { [key]: setting }).report;
    const critic = report.critics['critic']!;
    const gates = critic.gates.filter((g) => thresholdKeyOf(g.name) === key || g.name === key);
    expect(gates.length, `gates: ${JSON.stringify(critic.gates.map((g) => g.name))}`).toBeGreaterThan(0);
    for (const gate of gates.filter((g) => g.value === null)) {
      expect(gate.status).toBe('no-data');
      expect(gate.detail).toBeTruthy();
      if (gate.pass) expect(report.warnings).toContain(`critic: ${gate.name} has no data: ${gate.detail}`);
    }
    // Only a count may stand without an answered review (none made): a rate has nothing to measure.
    for (const gate of gates.filter((g) => g.value !== null)) expect(gate.value, JSON.stringify(gate)).toBe(0);
    if (gates.some((g) => !g.pass)) expect(critic.passed).toBe(false);
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
