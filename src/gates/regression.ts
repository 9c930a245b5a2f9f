import { isGated, REGRESSION_DEFAULTS, type GatedRow, type RegressionOptions, type RegressionReport, type RegressionRow, type RegressionRows } from '../baseline/compare.js';
import { noDataGate, type Gate } from './gate.js';
import type { GateThresholds } from './schema.js';

/** thresholds.maxRegression with its defaults filled in. */
export function regressionOptions(configured: GateThresholds['maxRegression']): RegressionOptions {
  return {
    margin: configured?.margin ?? REGRESSION_DEFAULTS.margin,
    alpha: configured?.alpha ?? REGRESSION_DEFAULTS.alpha,
    rows: configured?.rows ?? REGRESSION_DEFAULTS.rows,
    minPairs: configured?.minPairs ?? REGRESSION_DEFAULTS.minPairs,
  };
}

/** A mutator named in thresholds.maxRegression.rows that no mutator or authored mutant type has. */
export function regressionRowsProblems(configured: GateThresholds['maxRegression'], mutatorNames: readonly string[]): Array<{ path: Array<string | number>; message: string }> {
  const rows = configured?.rows;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((name, i) =>
    mutatorNames.includes(name) ? [] : [{ path: ['maxRegression', 'rows', i], message: `unknown mutator "${name}"; use pooled, per-mutator or mutator names (${mutatorNames.join(', ')})` }],
  );
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
