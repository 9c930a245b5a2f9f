import { pValue } from '../reports/format.js';
import { pct, pctInterval, periodLabel } from './format.js';
import type { DriftReport } from './report.js';

const DETECTOR_NAMES = {
  'cusum-increase': 'CUSUM, rejections rising',
  'cusum-decrease': 'CUSUM, rejections falling',
  sequential: 'Always-valid test (rate ≠ reference)',
  asleep: 'Asleep critic (no rejection streak)',
} as const;

export const detectorName = (d: keyof typeof DETECTOR_NAMES) => DETECTOR_NAMES[d];

/** Markdown cells must not break the table. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** drift.md: fit for a pull-request comment or a ticket. */
export function renderMarkdown(r: DriftReport): string {
  const out: string[] = [];
  const badge = r.status === 'alarm' ? '❌ alarm' : r.status === 'ok' ? '✅ no alarm' : '⏳ collecting reference';
  out.push(`# critic-audit drift: ${badge}`, '', cell(r.summary));

  if (r.alarms.length) {
    out.push('', '## Alarms', '', '| detector | raised | monitored review | detail |', '|---|---|---:|---|');
    for (const a of r.alarms) out.push(`| ${detectorName(a.detector)} | ${a.time} | ${a.review} | ${cell(a.detail)} |`);
    out.push('', 'Alarms stay raised until the reference is renewed (set `drift.reference.start`, or pass a new `--reference`).');
  }

  const ref = r.reference;
  out.push('', '## Reference', '');
  out.push(`${ref.source === 'file' ? `File ${cell(r.inputs.referenceFile ?? '')}` : `First ${r.config.reference.days} days of the log`}: ${ref.reviews} reviews, ${ref.rejections} rejections, ${pct(ref.rate)} ${pctInterval(ref.interval)} (Wilson 95%), ${ref.from ?? '–'} → ${ref.to ?? '–'}.`);
  if (ref.reviewsPerDay !== null) out.push('', `Volume: ${ref.reviewsPerDay.toFixed(1)} reviews per day.`);
  out.push('', `Monitored since: ${r.monitored.reviews} reviews, ${r.monitored.rejections} rejections, ${pct(r.monitored.rate)} ${pctInterval(r.monitored.interval)}.`);

  if (r.thresholds && r.detectors) {
    const t = r.thresholds;
    const d = r.detectors;
    out.push('', '## Detectors', '');
    out.push(`False-alarm budget: ${pct(t.falseAlarmRate)} for ${t.horizonDays} days of monitoring (${t.horizonReviews} reviews at the reference volume), split between the detectors below.`, '');
    out.push('| detector | now | alarm at | false-alarm budget | tuned for |', '|---|---:|---:|---:|---|');
    for (const direction of ['increase', 'decrease'] as const) {
      const th = t.cusum[direction];
      const now = d.cusum[direction];
      const name = detectorName(`cusum-${direction}`);
      if (!th || !now) out.push(`| ${name} | – | off | – | – |`);
      else if (th.threshold === null) out.push(`| ${name} | ${now.statistic} | off: reference too small | – | – |`);
      else out.push(`| ${name} | ${now.statistic} | ${th.threshold} (${th.thresholdNats!.toFixed(1)} nats) | ${pct(th.target, 2)} | rate ${pct(th.designRate)}; in-control run length ${th.runLengthDays!.toExponential(1)} days |`);
    }
    if (t.sequential && d.sequential) {
      out.push(`| ${detectorName('sequential')} | p = ${pValue(d.sequential.pValue)} | p ≤ ${pValue(t.sequential.alpha)} | ${pct(t.sequential.alpha, 2)} | any change; prior worth ${t.sequential.priorStrength} reviews |`);
    }
    if (t.asleep && d.asleep) {
      out.push(`| ${detectorName('asleep')} | ${d.asleep.streak} approvals since ${d.asleep.lastRejection ?? 'monitoring began'} | ${t.asleep.streak} approvals (≈ ${t.asleep.streakDays.toFixed(1)} days at the reference volume) | ${pct(t.asleep.target, 2)} | a critic that stopped saying no |`);
    }
  }

  out.push('', `## Rejection rate per ${r.config.period} (Wilson 95%)`, '', '| period | phase | reviews | rejections | rate | interval | alarms |', '|---|---|---:|---:|---:|---|---|');
  for (const p of r.periods) {
    out.push(`| ${periodLabel(p.start, r.config.period)} | ${p.phase} | ${p.reviews} | ${p.rejections} | ${pct(p.rate)} | ${pctInterval(p.interval)} | ${p.alarms.join(', ')} |`);
  }
  out.push('', 'A single period outside the reference band is not an alarm: with one look a day, some periods fall outside by chance. The detectors above account for every look.');

  for (const g of r.groups) {
    out.push('', `## By ${cell(g.key)}`, '', '| value | reviews | rejections | rate | interval | last rejection |', '|---|---:|---:|---:|---|---|');
    for (const v of g.values) out.push(`| ${cell(v.value)} | ${v.reviews} | ${v.rejections} | ${pct(v.rate)} | ${pctInterval(v.interval)} | ${v.lastRejection ?? 'never'} |`);
  }

  const bad = r.inputs.badLines;
  out.push('', '## Input', '', `${r.inputs.lines} lines read (${r.inputs.blank} blank lines ignored${r.inputs.skippedBeforeStart ? `, ${r.inputs.skippedBeforeStart} reviews before reference.start skipped` : ''}); ${bad.count} bad lines (${pct(bad.share, 2)}, allowed ${pct(bad.maxShare, 2)}).`);
  if (bad.shown.length) {
    out.push('', '| file | line | field | problem |', '|---|---:|---|---|');
    for (const b of bad.shown) out.push(`| ${cell(b.file)} | ${b.line} | ${cell(b.field ?? '')} | ${cell(b.problem)} |`);
    if (bad.notShown) out.push('', `…and ${bad.notShown} more.`);
  }
  return out.join('\n') + '\n';
}
