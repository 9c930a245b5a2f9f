import { formatP } from '../measures/format.js';
import { escapeHtml } from '../measures/escape.js';
import { ASSUMPTION, detectorName } from './markdown.js';
import { DAY } from './periods.js';
import { pct, pctInterval, periodLabel } from './format.js';
import { DISPERSION_ALPHA, type DriftReport, type PeriodReport } from './report.js';

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
  parts.push('<h2>Input</h2>', `<p>${r.inputs.lines} lines, ${bad.count} bad (${pct(bad.share, 2)}; allowed ${pct(bad.maxShare, 2)}).</p>`);
  if (bad.shown.length) {
    parts.push(
      table(
        ['file', 'line', 'field', 'problem'],
        bad.shown.map((b) => [e(b.file), String(b.line), e(b.field ?? ''), e(b.problem)]),
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

/** Rejection rate per period with Wilson intervals, the reference band, and alarms as red lines. */
function chart(r: DriftReport): string {
  const periods = r.periods;
  if (!periods.length) return '<p>No reviews yet.</p>';
  const [W, H, left, right, top, bottom] = [960, 340, 56, 16, 24, 44];
  const span = PERIOD_MS[r.config.period];
  const t0 = Date.parse(periods[0]!.start);
  const t1 = Date.parse(periods[periods.length - 1]!.start) + span;
  const refRate = r.reference.rate;
  const { max: yMax, ticks } = niceAxis(Math.max(...periods.map((p) => p.interval[1]), refRate === null ? 0 : r.reference.interval[1]));
  const x = (t: number) => left + ((t - t0) / (t1 - t0)) * (W - left - right);
  const y = (rate: number) => top + (1 - rate / yMax) * (H - top - bottom);
  const svg: string[] = [];

  const windowEnd = r.reference.windowEnd ? Date.parse(r.reference.windowEnd) : null;
  if (r.reference.source === 'window' && windowEnd !== null) {
    svg.push(`<rect x="${f(x(t0))}" y="${top}" width="${f(x(Math.min(windowEnd, t1)) - x(t0))}" height="${H - top - bottom}" fill="#f3f3f3"><title>reference window</title></rect>`);
  }
  for (let i = 0; i <= ticks; i++) {
    const v = (yMax * i) / ticks;
    svg.push(`<line x1="${left}" x2="${W - right}" y1="${f(y(v))}" y2="${f(y(v))}" stroke="#e5e5e5"/><text x="${left - 6}" y="${f(y(v) + 4)}" text-anchor="end">${pct(v, yMax < 0.1 ? 1 : 0)}</text>`);
  }
  if (refRate !== null) {
    const [lo, hi] = r.reference.interval;
    svg.push(
      `<rect x="${left}" y="${f(y(hi))}" width="${W - left - right}" height="${f(Math.max(1, y(lo) - y(hi)))}" fill="#a5d6a7" opacity="0.5"><title>${escapeHtml(`reference ${pct(refRate)} ${pctInterval(r.reference.interval)}`)}</title></rect>`,
    );
    svg.push(`<line x1="${left}" x2="${W - right}" y1="${f(y(refRate))}" y2="${f(y(refRate))}" stroke="#2e7d32" stroke-dasharray="4 3"/>`);
  }
  const step = Math.max(1, Math.ceil(periods.length / 8));
  periods.forEach((p, i) => {
    if (i % step === 0) svg.push(`<text x="${f(x(Date.parse(p.start) + span / 2))}" y="${H - bottom + 16}" text-anchor="middle">${escapeHtml(periodLabel(p.start, r.config.period))}</text>`);
  });
  for (const p of periods) svg.push(point(p, x(Date.parse(p.start) + span / 2), y));
  r.alarms.forEach((a, i) => {
    const ax = x(Date.parse(a.time));
    const [anchor, dx] = ax > W * 0.75 ? ['end', -4] : ['start', 4]; // keep labels inside the plot
    svg.push(
      `<line x1="${f(ax)}" x2="${f(ax)}" y1="${top}" y2="${H - bottom}" stroke="#c62828" stroke-width="1.5"/><text x="${f(ax)}" y="${top + 12 + 13 * i}" dx="${dx}" text-anchor="${anchor}" style="fill:#c62828">${escapeHtml(`${a.detector} ${a.time.slice(0, 10)}`)}</text>`,
    );
  });
  svg.push(`<line x1="${left}" x2="${left}" y1="${top}" y2="${H - bottom}" stroke="#999"/><line x1="${left}" x2="${W - right}" y1="${H - bottom}" y2="${H - bottom}" stroke="#999"/>`);
  svg.push(`<text x="${left}" y="${H - 6}">${escapeHtml(`Rejection rate per ${r.config.period} with Wilson 95% intervals; green band: reference; grey: reference window; red: alarms`)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="rejection rate over time">\n${svg.join('\n')}\n</svg>`;
}

function point(p: PeriodReport, cx: number, y: (rate: number) => number): string {
  const colour = p.phase === 'reference' ? '#757575' : '#1565c0';
  const title = escapeHtml(`${p.start.slice(0, 16)}: ${p.rejections}/${p.reviews} = ${pct(p.rate)} ${pctInterval(p.interval)}`);
  return `<g><title>${title}</title><line x1="${f(cx)}" x2="${f(cx)}" y1="${f(y(p.interval[1]))}" y2="${f(y(p.interval[0]))}" stroke="${colour}" opacity="0.6"/><circle cx="${f(cx)}" cy="${f(y(p.rate))}" r="2.5" fill="${colour}"/></g>`;
}

/** A round axis maximum (1, 2, 2.5 or 5 times a power of ten, at most 100%) and a tick count giving round steps. */
function niceAxis(v: number): { max: number; ticks: number } {
  if (v <= 0) return { max: 0.01, ticks: 5 };
  const power = 10 ** Math.floor(Math.log10(v));
  const m = [1, 2, 2.5, 5, 10].find((f) => f * power >= v * (1 - 1e-12))!;
  return m * power >= 1 ? { max: 1, ticks: 5 } : { max: m * power, ticks: m === 2 ? 4 : 5 };
}
