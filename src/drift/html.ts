import { formatP } from '../measures/format.js';
import { escapeHtml } from '../measures/escape.js';
import { ASSUMPTION, detectorName, formatRead, recordsInLines, unreadableLines } from './markdown.js';
import { badUnit } from './state.js';
import { DAY } from './periods.js';
import { pct, pctInterval, periodLabel } from './format.js';
import type { CanaryReport } from './canaryReport.js';
import { canaryDetectorName, canaryRateText } from './canaryText.js';
import { DISPERSION_ALPHA, type DriftReport } from './report.js';

const PERIOD_MS = { hour: DAY / 24, day: DAY, week: 7 * DAY } as const;
/** SVG coordinates to 0.1 px: enough for the eye, and a page a tenth the size. */
const f = (n: number) => n.toFixed(1);

/** drift.html: one self-contained page (inline SVG and CSS, nothing fetched). */
export function renderDriftHtml(r: DriftReport): string {
  const e = escapeHtml;
  const statusClass = r.status === 'alarm' ? 'alarm' : r.status === 'ok' ? 'ok' : 'wait';
  const rows = (cells: string[][]) => cells.map((c) => `<tr>${c.map((x) => `<td>${x}</td>`).join('')}</tr>`).join('\n');
  const table = (head: string[], body: string[][]) => `<table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>\n${rows(body)}\n</tbody></table>`;

  const parts: string[] = [];
  parts.push(`<h1>critic-audit drift <span class="${statusClass}">${e(r.status)}</span></h1>`, `<p class="summary">${e(r.summary)}</p>`);
  if (r.warnings.length) parts.push(`<ul class="warnings">${r.warnings.map((w) => `<li class="${w.kind === 'file-order' ? 'note' : 'warn'}">${e(w.message)}</li>`).join('')}</ul>`);
  parts.push(chart(r));
  const canaries = r.canaries;
  if (canaries) {
    const c = canaries;
    parts.push(
      '<h2>Live catch rate (canaries)</h2>',
      `<p>Canary mutants caught: ${e(canaryRateText(c.liveCatchRate))} (reference ${e(canaryRateText(c.reference))}; monitored ${e(canaryRateText(c.monitored))}). False alarms on canary controls: ${e(canaryRateText(c.falseAlarmRate))}. ${c.lines} canary lines, left out of the rejection rate.</p>`,
    );
    if (c.off) parts.push(`<p class="warn">Not monitored: ${e(c.off)}</p>`);
    parts.push(canaryChart(r, c));
    if (c.alarms.length) {
      parts.push(
        table(
          ['canary alarm', 'raised', 'monitored canary', 'fingerprint', 'detail'],
          c.alarms.map((a) => [e(canaryDetectorName(a.detector)), e(a.time), String(a.canary), e(a.fingerprint ?? '–'), e(a.detail)]),
        ),
      );
    }
    if (c.fingerprintChanges.length) {
      parts.push(
        table(
          ['fingerprint change', 'at', 'catch rate before', 'after', 'difference', 'Fisher p (Holm)', ''],
          c.fingerprintChanges.map((f) => [
            `${e(f.from)} → ${e(f.to)}`,
            e(f.time),
            e(canaryRateText(f.before)),
            e(canaryRateText(f.after)),
            f.effect ? `${(100 * f.effect.difference).toFixed(1)} pts ${pctInterval(f.effect.interval)}` : '–',
            f.adjustedP === null ? '–' : f.adjustedP.toPrecision(2),
            f.differs ? '<b>changed the catch rate</b>' : 'no difference shown',
          ]),
        ),
      );
    }
    if (c.byMutator.length)
      parts.push(
        table(
          ['mutator', 'caught'],
          c.byMutator.map((m) => [e(m.mutator), e(canaryRateText(m.catchRate))]),
        ),
      );
    if (c.byFingerprint.length) {
      parts.push(
        table(
          ['fingerprint', 'caught', 'false alarms on controls'],
          c.byFingerprint.map((v) => [e(v.fingerprint), e(canaryRateText(v.catchRate)), e(canaryRateText(v.falseAlarmRate))]),
        ),
      );
    }
    for (const g of c.groups) {
      parts.push(
        table(
          [g.key, 'caught', 'false alarms on controls'],
          g.values.map((v) => [e(v.value), e(canaryRateText(v.catchRate)), e(canaryRateText(v.falseAlarmRate))]),
        ),
      );
    }
  }
  if (r.alarms.length) {
    parts.push(
      '<h2>Alarms</h2>',
      table(
        ['detector', 'raised', 'monitored review', 'detail'],
        r.alarms.map((a) => [e(detectorName(a.detector)), e(a.time), String(a.review), e(a.detail)]),
      ),
    );
  }
  if (r.thresholds && r.detectors) {
    const t = r.thresholds;
    const d = r.detectors;
    const body: string[][] = [];
    for (const direction of ['increase', 'decrease'] as const) {
      const th = t.cusum[direction];
      const now = d.cusum[direction];
      const off = th?.needsReviews ? `off: reference too small (needs ≈ ${th.needsReviews} reviews)` : th?.needsReviews === null ? 'off: no reference is large enough' : 'off: reference too small';
      if (th && now)
        body.push([e(detectorName(`cusum-${direction}`)), String(now.statistic), th.threshold === null ? e(off) : `${th.threshold} steps (${th.thresholdNats!.toFixed(1)} nats)`, pct(th.target, 2)]);
    }
    if (t.sequential && d.sequential) body.push([e(detectorName('sequential')), `p = ${formatP(d.sequential.pValue)}`, `p ≤ ${formatP(t.sequential.alpha)}`, pct(t.sequential.alpha, 2)]);
    if (t.asleep && d.asleep)
      body.push([
        e(detectorName('asleep')),
        `${d.asleep.streak} approvals since ${e(d.asleep.lastRejection ?? 'monitoring began')}`,
        `${t.asleep.streak} approvals (≈ ${t.asleep.streakDays.toFixed(1)} days)`,
        pct(t.asleep.target, 2),
      ]);
    parts.push(
      '<h2>Detectors</h2>',
      `<p>False-alarm budget ${pct(t.falseAlarmRate)} over ${t.horizonDays} days of monitoring (${t.horizonReviews} reviews at the reference volume). ${e(ASSUMPTION)}</p>`,
      table(['detector', 'now', 'alarm at', 'budget'], body),
    );
  }
  const ref = r.reference;
  parts.push(
    '<h2>Reference</h2>',
    `<p>${ref.reviews} reviews, ${ref.rejections} rejections: ${pct(ref.rate)} ${pctInterval(ref.interval)} (${e(ref.from ?? '–')} → ${e(ref.to ?? '–')}${ref.source === 'file' ? `, from ${e(r.inputs.referenceFile ?? '')}` : ''}).</p>`,
  );
  if (ref.dispersion) {
    const d = ref.dispersion;
    parts.push(
      `<p>Day to day the rate varies ${d.pValue < DISPERSION_ALPHA ? '<b>more than chance</b>' : 'no more than chance would'}: dispersion ${d.ratio.toFixed(2)} (χ² ${d.chiSquare.toFixed(1)} on ${d.df} df over ${d.days} days, p = ${formatP(d.pValue)}).</p>`,
    );
  }
  for (const g of r.groups) {
    parts.push(
      `<h2>By ${e(g.key)}</h2>`,
      table(
        ['value', 'reviews', 'rejections', 'rate', 'interval', 'last rejection'],
        g.values.map((v) => [e(v.value), String(v.reviews), String(v.rejections), pct(v.rate), pctInterval(v.interval), e(v.lastRejection ?? 'never')]),
      ),
    );
  }
  const bad = r.inputs.badLines;
  parts.push(
    '<h2>Input</h2>',
    `<p>${e(formatRead(r))}: ${r.inputs.lines} lines${e(recordsInLines(r))}, ${bad.count} bad ${badUnit(r.inputs)}${e(unreadableLines(r))} (${pct(bad.share, 2)}; allowed ${pct(bad.maxShare, 2)}).</p>`,
  );
  if (bad.shown.length) {
    const records = bad.shown.some((b) => b.record !== undefined);
    parts.push(
      table(
        ['file', 'line', ...(records ? ['record'] : []), 'field', 'problem'],
        bad.shown.map((b) => [e(b.file), b.line === null ? '' : String(b.line), ...(records ? [e(b.record ?? '')] : []), e(b.field ?? ''), e(b.problem)]),
      ),
    );
    if (bad.notShown) parts.push(`<p>…and ${bad.notShown} more.</p>`);
  }
  parts.push(`<p class="dim">Generated ${e(r.run.generatedAt)}.</p>`);

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>critic-audit drift: ${e(r.status)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222;padding:0 1em}
h1 span{font-size:.7em;padding:.1em .5em;border-radius:.3em;color:#fff}.alarm{background:#c62828}.ok{background:#2e7d32}.wait{background:#757575}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:.25em .6em;text-align:left}th{background:#f4f4f4}
.summary{font-size:1.1em}.warnings{padding-left:1.2em}.warn{color:#8a5300}.note{color:#777}.dim{color:#777}svg text{font:11px system-ui,sans-serif;fill:#444}
</style></head><body>
${parts.join('\n')}
</body></html>
`;
}

/** One point of a series: a period's rate and its Wilson interval. */
interface Point {
  start: number;
  rate: number;
  interval: readonly [number, number];
  title: string;
}

interface Series {
  points: Point[];
  colour: (p: Point) => string;
}

interface ChartSpec {
  series: Series[];
  /** The reference rate and its interval, drawn as a band. */
  band: { rate: number; interval: readonly [number, number]; title: string } | null;
  /** The reference window, shaded. */
  windowEnd: number | null;
  alarms: Array<{ time: number; label: string }>;
  /** Fingerprint changes: a dashed line each, on every chart. */
  marks: Array<{ time: number; label: string }>;
  caption: string;
  label: string;
}

/** Both charts share one time axis: from the first period of either series to the end of the last. */
function timeAxis(r: DriftReport): { t0: number; t1: number } | null {
  const span = PERIOD_MS[r.config.period];
  const starts = [...r.periods.map((p) => Date.parse(p.start)), ...(r.canaries?.periods ?? []).map((p) => Date.parse(p.start))];
  if (!starts.length) return null;
  return { t0: Math.min(...starts), t1: Math.max(...starts) + span };
}

const fingerprintMarks = (r: DriftReport) => (r.fingerprints?.changes ?? []).map((c) => ({ time: Date.parse(c.time), label: `${c.from} → ${c.to}` }));

/** Rejection rate per period with Wilson intervals, the reference band, alarms as red lines. */
function chart(r: DriftReport): string {
  const axis = timeAxis(r);
  if (!axis || !r.periods.length) return '<p>No reviews yet.</p>';
  const refRate = r.reference.rate;
  return timeChart(r, axis, {
    series: [
      {
        points: r.periods.map((p) => ({
          start: Date.parse(p.start),
          rate: p.rate,
          interval: p.interval,
          title: `${p.start.slice(0, 16)}: ${p.rejections}/${p.reviews} = ${pct(p.rate)} ${pctInterval(p.interval)}`,
        })),
        colour: (p) => (r.reference.source === 'window' && r.reference.windowEnd !== null && p.start < Date.parse(r.reference.windowEnd) ? '#757575' : '#1565c0'),
      },
    ],
    band: refRate === null ? null : { rate: refRate, interval: r.reference.interval, title: `reference ${pct(refRate)} ${pctInterval(r.reference.interval)}` },
    windowEnd: r.reference.source === 'window' && r.reference.windowEnd ? Date.parse(r.reference.windowEnd) : null,
    alarms: r.alarms.map((a) => ({ time: Date.parse(a.time), label: `${a.detector} ${a.time.slice(0, 10)}` })),
    marks: fingerprintMarks(r),
    caption: `Rejection rate per ${r.config.period} with Wilson 95% intervals; green band: reference; grey: reference window; red: alarms${r.fingerprints?.changes.length ? '; purple dashes: fingerprint changes' : ''}`,
    label: 'rejection rate over time',
  });
}

/** The live catch rate (blue) and the false-alarm rate on canary controls (orange) per period, on the rejection rate's time axis. */
function canaryChart(r: DriftReport, c: CanaryReport): string {
  const axis = timeAxis(r);
  if (!axis || !c.periods.length) return '<p>No canary yet.</p>';
  const points = (rate: 'catchRate' | 'falseAlarmRate', what: string) =>
    c.periods
      .filter((p) => p[rate].canaries > 0)
      .map((p) => ({
        start: Date.parse(p.start),
        rate: p[rate].rate!,
        interval: p[rate].interval,
        title: `${p.start.slice(0, 16)}: ${what} ${p[rate].rejected}/${p[rate].canaries} = ${pct(p[rate].rate)} ${pctInterval(p[rate].interval)}`,
      }));
  return timeChart(r, axis, {
    series: [
      { points: points('catchRate', 'caught'), colour: () => '#1565c0' },
      { points: points('falseAlarmRate', 'false alarms'), colour: () => '#ef6c00' },
    ],
    band: c.reference.rate === null ? null : { rate: c.reference.rate, interval: c.reference.interval, title: `reference catch rate ${pct(c.reference.rate)} ${pctInterval(c.reference.interval)}` },
    windowEnd: c.reference.windowEnd ? Date.parse(c.reference.windowEnd) : null,
    alarms: c.alarms.map((a) => ({ time: Date.parse(a.time), label: `${a.detector} ${a.time.slice(0, 10)}${a.fingerprint ? ` (${a.fingerprint})` : ''}` })),
    marks: fingerprintMarks(r),
    caption: `Canaries per ${r.config.period}: blue, mutants caught; orange, controls rejected; green: reference catch rate; red: canary alarms${r.fingerprints?.changes.length ? '; purple dashes: fingerprint changes' : ''}`,
    label: 'live catch rate over time',
  });
}

function timeChart(r: DriftReport, { t0, t1 }: { t0: number; t1: number }, spec: ChartSpec): string {
  const [W, H, left, right, top, bottom] = [960, 340, 56, 16, 24, 44];
  const span = PERIOD_MS[r.config.period];
  const points = spec.series.flatMap((s) => s.points);
  const { max: yMax, ticks } = niceAxis(Math.max(...points.map((p) => p.interval[1]), spec.band ? spec.band.interval[1] : 0));
  const x = (t: number) => left + ((t - t0) / (t1 - t0)) * (W - left - right);
  const y = (rate: number) => top + (1 - rate / yMax) * (H - top - bottom);
  const svg: string[] = [];

  if (spec.windowEnd !== null) {
    svg.push(`<rect x="${f(x(t0))}" y="${top}" width="${f(Math.max(0, x(Math.min(spec.windowEnd, t1)) - x(t0)))}" height="${H - top - bottom}" fill="#f3f3f3"><title>reference window</title></rect>`);
  }
  for (let i = 0; i <= ticks; i++) {
    const v = (yMax * i) / ticks;
    svg.push(`<line x1="${left}" x2="${W - right}" y1="${f(y(v))}" y2="${f(y(v))}" stroke="#e5e5e5"/><text x="${left - 6}" y="${f(y(v) + 4)}" text-anchor="end">${pct(v, yMax < 0.1 ? 1 : 0)}</text>`);
  }
  if (spec.band) {
    const [lo, hi] = spec.band.interval;
    svg.push(
      `<rect x="${left}" y="${f(y(hi))}" width="${W - left - right}" height="${f(Math.max(1, y(lo) - y(hi)))}" fill="#a5d6a7" opacity="0.5"><title>${escapeHtml(spec.band.title)}</title></rect>`,
    );
    svg.push(`<line x1="${left}" x2="${W - right}" y1="${f(y(spec.band.rate))}" y2="${f(y(spec.band.rate))}" stroke="#2e7d32" stroke-dasharray="4 3"/>`);
  }
  const labelStep = Math.max(1, Math.ceil((t1 - t0) / span / 8));
  for (let i = 0, t = t0; t < t1; i++, t += span) {
    if (i % labelStep === 0) svg.push(`<text x="${f(x(t + span / 2))}" y="${H - bottom + 16}" text-anchor="middle">${escapeHtml(periodLabel(new Date(t).toISOString(), r.config.period))}</text>`);
  }
  for (const s of spec.series) for (const p of s.points) svg.push(point(p, s.colour(p), x(p.start + span / 2), y));
  for (const m of spec.marks) {
    const mx = x(m.time);
    svg.push(`<line x1="${f(mx)}" x2="${f(mx)}" y1="${top}" y2="${H - bottom}" stroke="#6a1b9a" stroke-dasharray="5 4"><title>${escapeHtml(`fingerprint ${m.label}`)}</title></line>`);
  }
  spec.alarms.forEach((a, i) => {
    const ax = x(a.time);
    const [anchor, dx] = ax > W * 0.75 ? ['end', -4] : ['start', 4]; // keep labels inside the plot
    svg.push(
      `<line x1="${f(ax)}" x2="${f(ax)}" y1="${top}" y2="${H - bottom}" stroke="#c62828" stroke-width="1.5"/><text x="${f(ax)}" y="${top + 12 + 13 * i}" dx="${dx}" text-anchor="${anchor}" style="fill:#c62828">${escapeHtml(a.label)}</text>`,
    );
  });
  svg.push(`<line x1="${left}" x2="${left}" y1="${top}" y2="${H - bottom}" stroke="#999"/><line x1="${left}" x2="${W - right}" y1="${H - bottom}" y2="${H - bottom}" stroke="#999"/>`);
  svg.push(`<text x="${left}" y="${H - 6}">${escapeHtml(spec.caption)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${spec.label}">\n${svg.join('\n')}\n</svg>`;
}

function point(p: Point, colour: string, cx: number, y: (rate: number) => number): string {
  return `<g><title>${escapeHtml(p.title)}</title><line x1="${f(cx)}" x2="${f(cx)}" y1="${f(y(p.interval[1]))}" y2="${f(y(p.interval[0]))}" stroke="${colour}" opacity="0.6"/><circle cx="${f(cx)}" cy="${f(y(p.rate))}" r="2.5" fill="${colour}"/></g>`;
}

/** A round axis maximum (1, 2, 2.5 or 5 times a power of ten, at most 100%) and a tick count giving round steps. */
function niceAxis(v: number): { max: number; ticks: number } {
  if (v <= 0) return { max: 0.01, ticks: 5 };
  const power = 10 ** Math.floor(Math.log10(v));
  const m = [1, 2, 2.5, 5, 10].find((f) => f * power >= v * (1 - 1e-12))!;
  return m * power >= 1 ? { max: 1, ticks: 5 } : { max: m * power, ticks: m === 2 ? 4 : 5 };
}
