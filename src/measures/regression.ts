import chalk from 'chalk';
import { z } from 'zod';
import { isLoaded } from '../baseline/load.js';
import {
  compareWithBaseline,
  isGated,
  REGRESSION_DEFAULTS,
  type FlippedItem,
  type GatedRow,
  type RegressionOptions,
  type RegressionReport,
  type RegressionRow,
  type RegressionRows,
} from '../baseline/compare.js';
import { noDataGate, type Gate, type RegressionMeasure } from '../gates/gate.js';
import { ALL_MUTANTS } from '../results/tabulate.js';
import { rate } from '../util/schemaParts.js';
import { escapeHtml as e } from './escape.js';
import { diffBlock, formatP, percent, regressionThreshold, signedPoints, signedRange } from './format.js';
import { criticMeasure, oneField } from './measure.js';

/** A critic against the --baseline run: the comparison (null without one, or when the baseline lacks the critic) and the items that flipped. */
export interface BaselineComparison {
  /** This run against --baseline, pair by pair; null without a baseline (or when it lacks this critic). */
  regression: RegressionReport | null;
  /** Items whose verdict changed since the baseline, worst first, with the mutant's diff and both replies. */
  flipped: FlippedItem[];
}

const maxRegressionShape = z
  .strictObject({
    margin: rate.optional().describe('The smallest worsening that counts (default 0.05): a catch-rate drop, or a false-alarm rise.'),
    alpha: z.number().gt(0).lt(1).optional().describe('The Holm-adjusted one-sided exact McNemar p a row must reach (default 0.05).'),
    rows: z
      .union([z.enum(['pooled', 'per-mutator']), z.array(z.string().min(1)).min(1, 'name at least one mutator, or use pooled or per-mutator')], {
        error: 'rows must be pooled, per-mutator or a list of mutator names',
      })
      .optional()
      .describe("The family tested: `pooled` (default), all mutants and the originals' false alarms per condition; `per-mutator`, every mutator's rows as well; a list of mutators, theirs as well."),
    minPairs: z.number().int().min(1).optional().describe('A row with fewer paired items (default 20) is reported as too small, never gated.'),
  })
  .optional()
  .describe(
    'Against a --baseline run: fail on a row of the family that worsened significantly after Holm correction over the gated rows and by more than `margin`. Without --baseline, a no-data warning; `report DIR` of a run made with --baseline compares with that file again (a failing no-data gate when it is gone or changed).',
  );

/**
 * The baseline comparison (`--baseline FILE`, or the one the run recorded): per critic, this run against the baseline's,
 * pair by pair, the rows that worsened, the items that flipped, and the `maxRegression` gate (a no-data warning without
 * a baseline; failing no-data when the recorded one is gone or changed).
 */
/** "all with-trace: catch rate −17.4 pts [−28.4, −5.9], Holm p 0.021" */
function regressionReading(m: RegressionMeasure): string {
  return `${m.items} ${m.condition}: ${m.direction === 'catch-drop' ? 'catch rate' : 'false alarms'} ${tenths(m.delta)} pts [${tenths(m.ci[0])}, ${tenths(m.ci[1])}], Holm p ${formatP(m.pHolm)}`;
}

/** Points to a tenth, signed: −17.4. */
const tenths = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;

/** Flipped items shown per critic in the step summary. */
const FLIPPED_IN_SUMMARY = 5;

export const regression = criticMeasure({
  key: 'regression',
  rank: 120,
  spread: { regression: 120, flipped: 130 },
  figure(scope, _reading, thresholds): BaselineComparison {
    const baseline = scope.baseline;
    // An unreadable baseline (recorded by the run, gone or changed since) compares nothing: its gate says why.
    if (!isLoaded(baseline)) return { regression: null, flipped: [] };
    const before = baseline.data.critics[scope.critic.name];
    if (!before) return { regression: null, flipped: [] };
    return compareWithBaseline({
      items: scope.items,
      current: scope.outcomes,
      currentIdentity: scope.critic.identity,
      conditions: scope.conditions.map((c) => c.name),
      baseline: before,
      source: { file: baseline.file, sha256: baseline.sha256, createdAt: baseline.data.createdAt, harnessVersion: baseline.data.harnessVersion },
      options: regressionOptions(thresholds.maxRegression),
    });
  },
  thresholds: {
    rank: 100,
    shape: { maxRegression: maxRegressionShape },
    overrides: {
      maxRegression: {
        example: 'margin',
        /** `maxRegression.FIELD=VALUE`; `rows` takes pooled, per-mutator or mutator names separated by commas. */
        set(current, fields, value, { text }) {
          const field = oneField(fields);
          if (field === undefined) throw new Error('name the field, e.g. maxRegression.margin=...');
          return { ...((current as object | undefined) ?? {}), [field]: field === 'rows' ? rowsOverride(text) : value };
        },
      },
    },
    /** A mutator named in maxRegression.rows that no mutator or authored mutant type has. */
    problems(thresholds, { mutators }) {
      const rows = thresholds.maxRegression?.rows;
      if (!Array.isArray(rows)) return [];
      return rows.flatMap((name, i) =>
        mutators.includes(name) ? [] : [{ path: ['maxRegression', 'rows', i], message: `unknown mutator "${name}"; use pooled, per-mutator or mutator names (${mutators.join(', ')})` }],
      );
    },
    // The specimen's baseline caught every mutant; the run misses 2 of 6 (one-sided p 0.25).
    examples: { maxRegression: { pass: { margin: 0.5, minPairs: 5 }, fail: { margin: 0, alpha: 0.5, minPairs: 5 } } },
  },
  specimen: { baseline: ({ role }) => (role === 'mutant' ? 'FAIL' : 'PASS') },
  gates: {
    // After every other gate of the critic.
    rank: 1000,
    // The worst gated row against the alpha and margin it is compared with, and the row's numbers.
    reading: (gate) => {
      const m = gate.regression;
      if (!m) return undefined;
      const fmt = (x: number) => x.toFixed(4);
      return {
        value: regressionReading(m),
        threshold: regressionThreshold(m),
        numbers: [`row=${m.items}/${m.condition}`, `delta=${fmt(m.delta)}`, `ci=[${fmt(m.ci[0])},${fmt(m.ci[1])}]`, `pHolm=${m.pHolm.toPrecision(3)}`, `alpha=${m.alpha}`, `n=${m.n}`],
      };
    },
    // The conditions of the rows that regressed.
    conditions: (_gate, { regression }) => regression?.rows.filter((r) => r.regressed).map((r) => r.condition) ?? [],
    evaluate({ regression }, thresholds, scope) {
      const margin = regressionOptions(thresholds.maxRegression).margin;
      if (scope.baseline) {
        const { file } = scope.baseline;
        // The baseline the run recorded, read again by `report DIR`: a comparison that cannot be made again fails, it never passes unseen.
        if ('problem' in scope.baseline)
          return [
            noDataGate('maxRegression', margin, `the baseline this run was compared with, ${file}, ${scope.baseline.problem}: nothing compared (report DIR --baseline FILE compares with another)`),
          ];
        if (!regression) return [noDataGate('maxRegression', margin, `the baseline ${file} has no critic of this name: nothing to compare`)];
        return [regressionGate(regression), ...absentRowGates(regression)];
      }
      // Shown, never failing: --baseline asks for the comparison, and the run that saves the baseline (same config) has none.
      return thresholds.maxRegression ? [noDataGate('maxRegression', margin, 'no --baseline was given: nothing compared (it gates a run given --baseline FILE)', false)] : [];
    },
  },
  warnings: {
    rank: 30,
    of: ({ regression: r }) =>
      r && (r.onlyInBaseline || r.onlyInCurrent)
        ? [`${r.pairedItems} items compared pair by pair; ${r.onlyInCurrent} only in this run and ${r.onlyInBaseline} only in the baseline (compared unpaired, not gated)`]
        : [],
  },
  terminal: {
    rank: 80,
    /** Against the baseline: the items paired, the flips, and each gated row that regressed. */
    render({ regression: r, flipped }) {
      if (!r) return [];
      const lost = flipped.filter((f) => f.regression).length;
      const out = [`  baseline: ${r.pairedItems} items paired (${r.onlyInCurrent} new, ${r.onlyInBaseline} gone); ${lost} flipped for the worse, ${flipped.length - lost} for the better`];
      for (const row of r.rows.filter(isGated).filter((x) => x.regressed)) {
        out.push(
          chalk.red(
            `  regressed: ${row.mutator} ${row.condition} ${row.direction === 'catch-drop' ? 'catch rate' : 'false alarms'} ${signedPoints(row.delta)} ${signedRange(row.ci)} (b=${row.b}, c=${row.c}, Holm p=${formatP(row.pHolm)})`,
          ),
        );
      }
      return out;
    },
  },
  summary: {
    rank: 10,
    /** The regressed rows, and the first items flipped for the worse with their diffs. */
    render({ regression, flipped }) {
      const out: string[] = [];
      for (const row of regression?.rows.filter(isGated).filter((r) => r.regressed) ?? []) {
        out.push(
          '',
          `**Regressed:** ${row.mutator} under ${row.condition}: ${row.direction === 'catch-drop' ? 'catch rate' : 'false alarms'} ${signedPoints(row.delta)} ${signedRange(row.ci)}, ${row.b} lost / ${row.c} gained of ${row.n} paired items, Holm p = ${formatP(row.pHolm)}`,
        );
      }
      const worse = flipped.filter((f) => f.regression);
      if (worse.length) {
        out.push('', `${worse.length} item${worse.length > 1 ? 's' : ''} flipped for the worse${worse.length > FLIPPED_IN_SUMMARY ? ` (first ${FLIPPED_IN_SUMMARY}; all in report.md)` : ''}:`);
        for (const f of worse.slice(0, FLIPPED_IN_SUMMARY)) {
          out.push('', `- \`${f.itemId}\` ${f.mutator ?? 'original'} · ${f.fixtureId} · ${f.condition}`);
          if (f.diff) out.push('', ...diffBlock(f.diff));
        }
      }
      return out;
    },
  },
  markdown: {
    rank: 130,
    /** The rows against the baseline, then the items that flipped. */
    render(comparison) {
      return [...regressionLines(comparison), ...flippedLines(comparison)];
    },
  },
  html: {
    rank: 100,
    /** Every row with whether the gate tested it, then the items that flipped, each with the mutant's diff and both replies. */
    render(comparison) {
      const r = comparison.regression;
      if (!r) return '';
      const caption = regressionCaption(r);
      const head = REGRESSION_COLUMNS.map((c) => `<th>${e(c)}</th>`).join('');
      const rows = r.rows
        .map((row) => {
          const cells = regressionCells(row, r.minPairs)
            .map((text, i) => `<td${NUMERIC.has(REGRESSION_COLUMNS[i]!) ? ' class="num"' : ''}>${e(text)}</td>`)
            .join('');
          return `<tr class="${row.regressed ? 'regressed' : row.gating}" data-mutator="${e(row.mutator)}" data-condition="${e(row.condition)}" data-gating="${row.gating}">${cells}</tr>`;
        })
        .join('');
      const heading = flippedHeading(comparison.flipped);
      const flipped = comparison.flipped.slice(0, FLIPPED_SHOWN).map(flippedHtml).join('');
      return `<section class="regression"><h3>${e(caption.title)}</h3><p class="dim">${e(caption.text)}</p><table class="regression"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
<h3>${e(heading.title)}</h3>${heading.note ? `<p class="dim">${e(heading.note)}</p>` : ''}${flipped ? `<ol class="flipped">${flipped}</ol>` : ''}</section>`;
    },
  },
});

/** thresholds.maxRegression with its defaults filled in. */
export function regressionOptions(configured: z.infer<typeof maxRegressionShape>): RegressionOptions {
  return {
    margin: configured?.margin ?? REGRESSION_DEFAULTS.margin,
    alpha: configured?.alpha ?? REGRESSION_DEFAULTS.alpha,
    rows: configured?.rows ?? REGRESSION_DEFAULTS.rows,
    minPairs: configured?.minPairs ?? REGRESSION_DEFAULTS.minPairs,
  };
}

/** `--threshold maxRegression.rows=...`: pooled, per-mutator, or mutator names separated by commas (brackets optional). */
export function rowsOverride(text: string): RegressionRows {
  if (text === 'pooled' || text === 'per-mutator') return text;
  return text
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
/**
 * The `maxRegression` gate: fails when a gated row of the baseline comparison
 * (all mutants pooled or the originals' false alarms, and the mutators `rows`
 * selects, under each condition, with at least `minPairs` paired items)
 * worsened significantly after Holm correction and by more than the margin.
 * It shows one row, its `regression` measure: the regressed row that worsened
 * most, else the gated row nearest to regressing (smallest Holm p); its value
 * is that row's worsening. With no row to gate (no item paired, or every row
 * of the family too small) it is no-data, and fails: a baseline was given to
 * be compared with.
 */
export function regressionGate(report: RegressionReport): Gate {
  const gated = report.rows.filter(isGated);
  const tooSmall = report.rows.filter((r) => r.gating === 'too-small');
  if (gated.length === 0) return noDataGate('maxRegression', report.margin, whyNoRow(report, tooSmall));
  const regressed = gated.filter((r) => r.regressed);
  const shown = regressed.length ? [...regressed].sort((x, y) => y.worsening - x.worsening)[0]! : [...gated].sort((x, y) => x.pHolm - y.pHolm || y.worsening - x.worsening)[0]!;
  const verdict = regressed.length
    ? `${regressed.length} of ${gated.length} gated rows regressed: ${regressed.map((r) => `${rowName(r)} ${signed(r.delta)} (b=${r.b}, c=${r.c}, n=${r.n}, Holm p=${r.pHolm.toPrecision(2)})`).join('; ')}`
    : `none of ${gated.length} gated rows regressed`;
  return {
    name: 'maxRegression',
    threshold: report.margin,
    value: Math.max(0, shown.worsening),
    pass: regressed.length === 0,
    status: regressed.length ? 'red' : 'green',
    detail: [verdict, familyText(report, tooSmall)].join('; '),
    regression: {
      items: shown.mutator,
      condition: shown.condition,
      direction: shown.direction,
      n: shown.n,
      b: shown.b,
      c: shown.c,
      delta: shown.delta,
      ci: shown.ci,
      pHolm: shown.pHolm,
      alpha: report.alpha,
      margin: report.margin,
      gatedRows: gated.length,
      tooSmallRows: tooSmall.length,
      minPairs: report.minPairs,
    },
  };
}

/**
 * One no-data gate per mutator named in `rows` that neither run has (a mutator of another kind, or not run):
 * it fails the run, as catchRate naming a mutator the run lacks does, rather than narrowing the family quietly.
 */
export function absentRowGates(report: RegressionReport): Gate[] {
  const named = Array.isArray(report.family) ? report.family : [];
  return named
    .filter((m) => !report.rows.some((r) => r.mutator === m))
    .map((m) => noDataGate(`maxRegression.${m}`, report.margin, `${m} is named in thresholds.maxRegression.rows, and neither this run nor the baseline has a mutant of it: no row to compare`));
}

function whyNoRow(report: RegressionReport, tooSmall: readonly RegressionRow[]): string {
  if (report.pairedItems === 0)
    return `no item of this run is in the baseline (${report.onlyInCurrent} only in this run, ${report.onlyInBaseline} only in the baseline): nothing to compare pair by pair`;
  if (!report.rows.some((r) => r.n > 0)) return `no item was answered in both runs under the same condition (${report.pairedItems} items in both): nothing to compare pair by pair`;
  const largest = [...tooSmall].sort((x, y) => y.n - x.n)[0];
  return `every row of the family has fewer than ${report.minPairs} paired items${largest ? ` (the largest, ${rowName(largest)}, has ${largest.n})` : ''}: too few to gate; review more items, or lower thresholds.maxRegression.minPairs`;
}

/** Which rows the family holds, how many were gated and which were too small, and any named mutator neither run has (its own gate fails). */
function familyText(report: RegressionReport, tooSmall: readonly RegressionRow[]): string {
  const named = Array.isArray(report.family) ? report.family : [];
  const family =
    report.family === 'pooled'
      ? 'pooled: all mutants and the originals'
      : report.family === 'per-mutator'
        ? 'per-mutator: every mutator, all mutants and the originals'
        : `all mutants, the originals, ${named.join(', ')}`;
  const small = tooSmall.length ? `; too small to gate (under ${report.minPairs} paired items): ${tooSmall.map((r) => `${rowName(r)} (${r.n})`).join(', ')}` : '';
  const absent = named.filter((m) => !report.rows.some((r) => r.mutator === m));
  return `family ${family}, per condition${small}${absent.length ? `; named in rows, in neither run: ${absent.join(', ')}` : ''}`;
}

const rowName = (r: Pick<GatedRow, 'mutator' | 'condition'>) => `${r.mutator} ${r.condition}`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} pts`;

/** Flipped items shown in report.md and report.html per critic; report.json lists them all. */
const FLIPPED_SHOWN = 20;
/** Characters of each reply shown. */
const REPLY_SHOWN = 1200;

const FLIP_WORDS = {
  'lost-catch': 'caught in the baseline, missed now',
  'new-catch': 'missed in the baseline, caught now',
  'new-false-alarm': 'passed in the baseline, flagged now (false alarm)',
  'cleared-false-alarm': 'flagged in the baseline, passed now',
} as const;

const REGRESSION_COLUMNS = ['items', 'condition', 'n', 'baseline', 'now', 'difference (95%)', 'lost / gained', 'p (one-sided)', 'Holm p', 'unpaired', 'gate'] as const;
/** Columns read as numbers in report.html (right-aligned): n to Holm p, but not the difference with its interval. */
const NUMERIC = new Set<string>(['n', 'baseline', 'now', 'lost / gained', 'p (one-sided)', 'Holm p']);

/** The regression table's heading, what it compares and how a row is gated: shared by report.md and report.html. */
function regressionCaption(r: RegressionReport): { title: string; text: string } {
  const gated = r.rows.filter((x) => x.gating === 'gated').length;
  const family =
    r.family === 'pooled'
      ? 'all mutants pooled and the originals (rows: pooled)'
      : r.family === 'per-mutator'
        ? 'every mutator, all mutants pooled and the originals (rows: per-mutator)'
        : `all mutants pooled, the originals and ${r.family.join(', ')}`;
  // With a single mutator there is no separate "all" row: that mutator's rows are all the mutants.
  const single = !r.rows.some((x) => x.mutator === ALL_MUTANTS) && r.rows.find((x) => x.direction === 'catch-drop');
  return {
    title: `Against the baseline (${r.baseline.file}, ${r.baseline.createdAt})`,
    text:
      `${r.pairedItems} items in both runs, compared pair by pair; ${r.onlyInCurrent} only in this run, ${r.onlyInBaseline} only in the baseline (compared unpaired).` +
      ` The gate tests ${family}, per condition${single ? ` (${single.mutator} is the only mutator: its rows are all the mutants)` : ''}. A row of it with at least ${r.minPairs} paired items is gated: it regresses with ${regressionThreshold({ alpha: r.alpha, margin: r.margin, direction: 'catch-drop' })} (a rise, for false alarms), its one-sided exact McNemar p Holm-adjusted across the ${gated} gated rows.` +
      ` A row with fewer is too small and never gated; the other rows are shown with their own p.` +
      (r.identityChanged ? " The critic's identity (model, prompt or script) differs from the baseline's." : ''),
  };
}

/** One row's cells, in REGRESSION_COLUMNS' order, as text. */
function regressionCells(row: RegressionRow, minPairs: number): string[] {
  const [lost, gained] = row.direction === 'catch-drop' ? [row.b, row.c] : [row.c, row.b];
  const unpaired = row.unpaired
    ? `${row.unpaired.currentOnly.n} new / ${row.unpaired.baselineOnly.n} gone${row.unpaired.delta !== null ? `: ${signedPoints(row.unpaired.delta)} ${signedRange(row.unpaired.ci!)}` : ''}`
    : '–';
  const gate = row.regressed ? 'regressed' : row.gating === 'gated' ? 'gated' : row.gating === 'too-small' ? `too small (under ${minPairs} pairs)` : 'not in the family';
  return [
    `${row.mutator}${row.direction === 'false-alarm-rise' ? ' (false alarms)' : ''}`,
    row.condition,
    String(row.n),
    row.baselineRate === null ? '–' : percent(row.baselineRate),
    row.currentRate === null ? '–' : percent(row.currentRate),
    row.n ? `${signedPoints(row.delta)} ${signedRange(row.ci)}` : '–',
    `${lost} / ${gained}`,
    row.n ? formatP(row.p) : '–',
    row.pHolm === null ? '–' : formatP(row.pHolm),
    unpaired,
    gate,
  ];
}

function regressionLines({ regression: r }: BaselineComparison): string[] {
  if (!r) return [];
  const caption = regressionCaption(r);
  const out = ['', `### ${caption.title}`, '', caption.text, '', `| ${REGRESSION_COLUMNS.join(' | ')} |`, '|---|---|---:|---:|---:|---|---:|---:|---:|---|---|'];
  for (const row of r.rows) out.push(`| ${regressionCells(row, r.minPairs).join(' | ')}${row.regressed ? ' ❌' : ''} |`);
  return out;
}

/** "N worse, M better", and the note when only the first are shown. */
function flippedHeading(flipped: readonly FlippedItem[]): { title: string; note: string | null } {
  const lost = flipped.filter((f) => f.regression).length;
  return {
    title: `Items that flipped since the baseline: ${lost} worse, ${flipped.length - lost} better`,
    note: flipped.length > FLIPPED_SHOWN ? `The first ${FLIPPED_SHOWN} (worst first); report.json lists all ${flipped.length}.` : null,
  };
}

/** A reply as shown: cut to REPLY_SHOWN characters. */
const shownReply = (text: string) => (text.length > REPLY_SHOWN ? `${text.slice(0, REPLY_SHOWN)}…` : text);

function flippedLines({ regression: r, flipped }: BaselineComparison): string[] {
  if (!r) return [];
  const heading = flippedHeading(flipped);
  const out = ['', `### ${heading.title}`];
  if (heading.note) out.push('', heading.note);
  for (const f of flipped.slice(0, FLIPPED_SHOWN)) out.push(...flippedItem(f));
  return out;
}
function flippedItem(f: FlippedItem): string[] {
  const out = ['', `- **${f.mutator ?? 'original'}** · \`${f.itemId}\` · fixture ${f.fixtureId} · ${f.condition}: ${f.regression ? '❌' : '✅'} ${FLIP_WORDS[f.direction]}`];
  if (f.diff) out.push('', ...diffBlock(f.diff));
  const reply = (label: string, text: string | null) => {
    if (text === null) return;
    out.push(
      '',
      `  <details><summary>${label}</summary>`,
      '',
      '  ```text',
      ...shownReply(text)
        .split('\n')
        .map((l) => `  ${l.replace(/```/g, "'''")}`),
      '  ```',
      '',
      '  </details>',
    );
  };
  reply('reply now', f.currentReply);
  reply('reply in the baseline', f.baselineReply);
  return out;
}

function flippedHtml(f: FlippedItem): string {
  const diff = f.diff ? `<div class="diff"><pre class="ctx">@@ line ${f.diff.line} @@</pre><pre class="minus">- ${e(f.diff.before)}</pre><pre class="plus">+ ${e(f.diff.after)}</pre></div>` : '';
  const reply = (which: string, label: string, text: string | null) =>
    text === null ? '' : `<details class="reply ${which}"><summary>${label}</summary><pre class="reply">${e(shownReply(text))}</pre></details>`;
  return `<li class="flip ${f.regression ? 'worse' : 'better'}" data-item="${e(f.itemId)}" data-condition="${e(f.condition)}"><p><b>${e(f.mutator ?? 'original')}</b> · <code>${e(f.itemId)}</code> · fixture ${e(f.fixtureId)} · ${e(f.condition)}: <span class="mark">${f.regression ? '✗' : '✓'}</span> ${FLIP_WORDS[f.direction]}</p>${diff}${reply('now', 'reply now', f.currentReply)}${reply('baseline', 'reply in the baseline', f.baselineReply)}</li>`;
}
