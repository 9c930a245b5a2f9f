import { formatP } from '../measures/format.js';
import { canaryMarkdown } from './canaryText.js';
import { LOG_FORMATS } from './formats/index.js';
import { pct, pctInterval, periodLabel } from './format.js';
import { DISPERSION_ALPHA, type DriftReport } from './report.js';
import { badUnit, type BadLine } from './state.js';

const DETECTOR_NAMES = {
  'cusum-increase': 'CUSUM, rejections rising',
  'cusum-decrease': 'CUSUM, rejections falling',
  sequential: 'Always-valid test (rate ≠ reference)',
  asleep: 'Asleep critic (no rejection streak)',
} as const;

export const detectorName = (d: keyof typeof DETECTOR_NAMES) => DETECTOR_NAMES[d];

/**
 * Text from logs, config or file names: none of it may become markup in a
 * pull-request comment or a ticket (raw HTML, links, emphasis, code) or break
 * a table row. HTML's three specials become entities, Markdown's are
 * backslash-escaped, line breaks become spaces.
 */
export const escapeMarkdown = (text: string) =>
  text
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
    .replace(/[\\`*_[\]|~!#]/g, '\\$&')
    .replace(/\r?\n|\r/g, ' ');
const cell = escapeMarkdown;

/** The assumption behind every false-alarm figure in the report. */
export const ASSUMPTION =
  'The false-alarm budget assumes independent reviews at one constant rate; a rate that varies from day to day (a changing mix of tasks, batches of similar artifacts) makes alarms more frequent than the budget says.';

/** The format the logs were read in, as the Input sections name it. */
export const formatRead = (r: DriftReport) => `Read as ${LOG_FORMATS[r.inputs.format].title} (drift.format ${r.inputs.format})`;

/** What the lines read held, when they held more than one record each (the trace formats). */
export const recordsInLines = (r: DriftReport) =>
  badUnit(r.inputs) === 'lines' ? '' : `, ${r.inputs.records} records (reviews or bad) and ${r.inputs.otherRecords} without the verdict field (not reviews) in them`;

/** Lines of which nothing could be read, when bad input is counted in records: their records are lost uncounted. */
export const unreadableLines = (r: DriftReport) =>
  badUnit(r.inputs) === 'records' && r.inputs.badLines.unreadableLines ? `, ${r.inputs.badLines.unreadableLines} of ${r.inputs.lines} lines unreadable` : '';

/** Where a bad line or record is: file:line, and the record and field. */
export function badWhere(b: BadLine): string {
  const inside = [b.record !== undefined ? `record ${b.record}` : '', b.field ? (b.record !== undefined ? `field ${b.field}` : b.field) : ''].filter(Boolean).join(', ');
  return `${b.file}${b.line !== null ? `:${b.line}` : ''}${inside ? ` (${inside})` : ''}`;
}

/** drift.md: fit for a pull-request comment or a ticket. */
export function renderDriftMarkdown(r: DriftReport): string {
  const out: string[] = [];
  const badge = r.status === 'alarm' ? '❌ alarm' : r.status === 'ok' ? '✅ no alarm' : '⏳ collecting reference';
  out.push(`# critic-audit drift: ${badge}`, '', cell(r.summary));
  if (r.warnings.length) {
    out.push('', '## Warnings', '');
    for (const w of r.warnings) out.push(`- ${w.kind === 'file-order' ? 'ℹ️' : '⚠️'} ${cell(w.message)}`);
  }

  if (r.alarms.length) {
    out.push('', '## Alarms', '', '| detector | raised | monitored review | detail |', '|---|---|---:|---|');
    for (const a of r.alarms) out.push(`| ${detectorName(a.detector)} | ${a.time} | ${a.review} | ${cell(a.detail)} |`);
    out.push('', 'Alarms stay raised until the reference is renewed (set `drift.reference.start`, or pass a new `--reference`).');
  }

  if (r.canaries) out.push(...canaryMarkdown(r.canaries, r.config.period, cell));
  else if (r.inputs.canaryLines?.logs) out.push('', `${r.inputs.canaryLines.logs} canary lines were left out of the rejection rate, not scored (no --canaries key).`);
  if (r.fingerprints?.changes.length) {
    out.push('', '## Judge fingerprints', '', '| from | to | first line with the new one |', '|---|---|---|');
    for (const c of r.fingerprints.changes) out.push(`| ${cell(c.from)} | ${cell(c.to)} | ${c.time} |`);
  }

  const ref = r.reference;
  out.push('', '## Reference', '');
  out.push(
    `${ref.source === 'file' ? `File ${cell(r.inputs.referenceFile ?? '')}` : `First ${r.config.reference.days} days of the log`}: ${ref.reviews} reviews, ${ref.rejections} rejections, ${pct(ref.rate)} ${pctInterval(ref.interval)} (Wilson 95%), ${ref.from ?? '–'} → ${ref.to ?? '–'}.`,
  );
  if (ref.reviewsPerDay !== null) out.push('', `Volume: ${ref.reviewsPerDay.toFixed(1)} reviews per day.`);
  const d = ref.dispersion;
  if (d) {
    const verdict = d.pValue < DISPERSION_ALPHA ? '**more than chance**: alarms will be too frequent' : 'no more than chance would';
    out.push('', `Day to day: the rate varies ${verdict} (dispersion ${d.ratio.toFixed(2)}, χ² ${d.chiSquare.toFixed(1)} on ${d.df} df over ${d.days} days, p = ${formatP(d.pValue)}; 1 is binomial).`);
  } else if (r.thresholds) {
    out.push('', 'Day to day: not tested whether the rate varies more than chance (too few reference days, or a state saved before the test).');
  }
  out.push('', `Monitored since: ${r.monitored.reviews} reviews, ${r.monitored.rejections} rejections, ${pct(r.monitored.rate)} ${pctInterval(r.monitored.interval)}.`);

  if (r.thresholds && r.detectors) {
    const t = r.thresholds;
    const dd = r.detectors;
    out.push('', '## Detectors', '');
    out.push(
      `False-alarm budget: ${pct(t.falseAlarmRate)} for ${t.horizonDays} days of monitoring (${t.horizonReviews} reviews at the reference volume), split between the detectors below. ${ASSUMPTION}`,
      '',
    );
    out.push('| detector | now | alarm at | false-alarm budget | tuned for |', '|---|---:|---:|---:|---|');
    for (const direction of ['increase', 'decrease'] as const) {
      const th = t.cusum[direction];
      const now = dd.cusum[direction];
      const name = detectorName(`cusum-${direction}`);
      if (!th || !now) out.push(`| ${name} | – | off | – | – |`);
      else if (th.threshold === null)
        out.push(
          `| ${name} | ${now.statistic} | off: ${th.needsReviews ? `reference too small (needs ≈ ${th.needsReviews} reviews)` : th.needsReviews === null ? 'no reference is large enough' : 'reference too small'} | – | – |`,
        );
      else
        out.push(
          `| ${name} | ${now.statistic} | ${th.threshold} (${th.thresholdNats!.toFixed(1)} nats) | ${pct(th.target, 2)} | rate ${pct(th.designRate)}; in-control run length ${th.runLengthDays!.toExponential(1)} days |`,
        );
    }
    if (t.sequential && dd.sequential) {
      out.push(
        `| ${detectorName('sequential')} | p = ${formatP(dd.sequential.pValue)} | p ≤ ${formatP(t.sequential.alpha)} | ${pct(t.sequential.alpha, 2)} | any change; prior worth ${t.sequential.priorStrength} reviews |`,
      );
    }
    if (t.asleep && dd.asleep) {
      out.push(
        `| ${detectorName('asleep')} | ${dd.asleep.streak} approvals since ${dd.asleep.lastRejection ?? 'monitoring began'} | ${t.asleep.streak} approvals (≈ ${t.asleep.streakDays.toFixed(1)} days at the reference volume) | ${pct(t.asleep.target, 2)} | a critic that stopped saying no |`,
      );
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
  out.push(
    '',
    '## Input',
    '',
    `${formatRead(r)}: ${r.inputs.lines} lines read${recordsInLines(r)} (${r.inputs.blank} blank lines ignored${r.inputs.skippedBeforeStart ? `, ${r.inputs.skippedBeforeStart} reviews before reference.start skipped` : ''}); ${bad.count} bad ${badUnit(r.inputs)}${unreadableLines(r)} (${pct(bad.share, 2)}, allowed ${pct(bad.maxShare, 2)}).`,
  );
  if (bad.shown.length) {
    const records = bad.shown.some((b) => b.record !== undefined);
    out.push('', `| file | line |${records ? ' record |' : ''} field | problem |`, `|---|---:|${records ? '---|' : ''}---|---|`);
    for (const b of bad.shown) out.push(`| ${cell(b.file)} | ${b.line ?? ''} |${records ? ` ${cell(b.record ?? '')} |` : ''} ${cell(b.field ?? '')} | ${cell(b.problem)} |`);
    if (bad.notShown) out.push('', `…and ${bad.notShown} more.`);
  }
  return out.join('\n') + '\n';
}
