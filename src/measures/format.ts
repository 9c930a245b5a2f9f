import type { Condition } from '../requests/conditions/index.js';
import type { FlippedItem } from '../baseline/compare.js';
import type { RegressionMeasure } from '../gates/gate.js';
import { renderDiff } from '../mutants/diff.js';
import type { ErrorCause } from '../reviews/failureCause.js';
import type { Interval } from '../statistics/wilson.js';
import { formatCost } from '../results/cost.js';
import type { VerdictCounts } from '../results/tabulate.js';

export const percent = (x: number) => `${(100 * x).toFixed(0)}%`;
export const percentInterval = ([lo, hi]: Interval) => `[${(100 * lo).toFixed(0)}–${(100 * hi).toFixed(0)}]`;
export const signedPoints = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(0)} pts`;
/** An interval in signed points without the unit: [−28, −6]. */
export const signedRange = ([lo, hi]: Interval) => `[${signed(lo)}, ${signed(hi)}]`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(0)}`;

/** p-values to 3 significant figures, in scientific notation when small. */
export function formatP(p: number): string {
  if (p >= 0.001) return p.toPrecision(2);
  return p.toExponential(2);
}

/** A rate with its interval; a cell with no answered review (every one failed) is `no data`, not 0% [0–100]. */
export function rateCell(cell: { n: number; rate: number; ci: Interval } | undefined): string {
  if (!cell) return '–';
  return cell.n ? `${percent(cell.rate)} ${percentInterval(cell.ci)} n=${cell.n}` : NO_DATA;
}

export const NO_DATA = 'no data';

/** A gate's measured value, or `no data`. */
export const gateValue = (g: { value: number | null }) => (g.value === null ? NO_DATA : g.value.toFixed(3));

/** "Holm p ≤ 0.05 and a drop beyond 5 pts": what a row must show to regress. */
export function regressionThreshold(m: Pick<RegressionMeasure, 'alpha' | 'margin' | 'direction'>): string {
  return `Holm p ≤ ${m.alpha} and a ${m.direction === 'catch-drop' ? 'drop' : 'rise'} beyond ${Number((100 * m.margin).toFixed(2))} pts`;
}

/** Reasons grouped for display, most common first. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** Error causes shown per critic in the summaries; report.json lists them all. */
export const CAUSES_SHOWN = 5;

/** One way reviews failed, for a summary line: "12× spawn python4 ENOENT (e.g. item x, clean)". */
export function causeText(c: ErrorCause): string {
  const message = c.message.length > 400 ? `${c.message.slice(0, 400)}…` : c.message;
  return `${c.count}× ${message.replace(/\s+/g, ' ')} (e.g. ${c.example.itemId}, ${c.example.condition}${c.example.repeat ? `, repeat ${c.example.repeat}` : ''})`;
}

/** What the engine did for a critic's reviews: cache hits, retries, 429s, and the cost spent against the cost the cache saved. */
export function engineText({ verdicts: v, cost, costSplit }: { verdicts: VerdictCounts; cost: number | null; costSplit: { spent: number; cached: number } | null }): string {
  const parts = [`${v.cached} of ${v.reviews} reviews from the cache`, `${v.retries} retries`, `${v.rateLimited} rate-limited (429)`];
  if (cost !== null)
    parts.push(
      costSplit && costSplit.cached > 0 ? `cost ${formatCost(cost)}: ${formatCost(costSplit.spent)} spent, ${formatCost(costSplit.cached)} served from the cache` : `cost ${formatCost(cost)}`,
    );
  return parts.join(' · ');
}

/** A mutant's diff as a fenced block, indented to sit under a list item. */
export function diffBlock(diff: NonNullable<FlippedItem['diff']>): string[] {
  return [
    '  ```diff',
    ...renderDiff(diff)
      .split('\n')
      .map((l) => `  ${l}`),
    '  ```',
  ];
}

/** A rate as the sentence gives it ("53%"), null when every review under the condition failed. */
export interface Rate {
  value: string | null;
  label: string;
}

/**
 * The first measured rate in full (`head`), the others after it by label;
 * the conditions with no data named apart at the end ("(no data with the
 * worker's trace)"), or after `what` when none has data. Empty without rates.
 */
export function series(list: readonly Rate[], head: (first: Rate) => string, what: string): string {
  const missing = list.filter((r) => r.value === null).map((r) => r.label);
  const gap = missing.length ? `no data ${missing.join(', ')}` : '';
  const [first, ...rest] = list.filter((r) => r.value !== null);
  if (!first) return gap && `${what}: ${gap}`;
  return [head(first), ...rest.map((r) => `${r.value} ${r.label}`)].join(', ') + (gap && ` (${gap})`);
}

/** One rate per condition the cells have, in the run's order. */
export function rates(conditions: readonly Condition[], cells: Partial<Record<string, { n: number; rate: number }>>): Rate[] {
  return conditions.flatMap((c) => {
    const cell = cells[c.name];
    return cell ? [{ value: cell.n ? percent(cell.rate) : null, label: c.label }] : [];
  });
}
