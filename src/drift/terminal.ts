import chalk from 'chalk';
import { formatP } from '../measures/format.js';
import { canaryDetectorName, canaryRateText } from './canaryText.js';
import { badWhere, detectorName } from './markdown.js';
import { badUnit } from './state.js';
import { pct, pctInterval } from './format.js';
import { DISPERSION_ALPHA, type DriftReport } from './report.js';

/** The few lines a cron mail or CI log needs. */
export function renderDriftTerminal(r: DriftReport, outDir: string): string {
  const out: string[] = [];
  const badge = r.status === 'alarm' ? chalk.red.bold('ALARM') : r.status === 'ok' ? chalk.green.bold('OK') : chalk.yellow.bold('COLLECTING REFERENCE');
  out.push(`${chalk.bold('critic-audit drift')} ${badge}  ${r.summary}`);
  for (const w of r.warnings) out.push(w.kind === 'file-order' ? chalk.dim(`  note: ${w.message}`) : chalk.yellow(`  ⚠ ${w.message}`));
  const ref = r.reference;
  out.push(`  reference  ${ref.reviews} reviews, ${pct(ref.rate)} rejected ${chalk.dim(pctInterval(ref.interval))}  ${chalk.dim(`${day(ref.from)} → ${day(ref.to)}`)}`);
  if (r.monitored.reviews) {
    const last = r.periods[r.periods.length - 1]!;
    out.push(
      `  monitored  ${r.monitored.reviews} reviews, ${pct(r.monitored.rate)} rejected ${chalk.dim(pctInterval(r.monitored.interval))}; last ${r.config.period} ${pct(last.rate)} of ${last.reviews}`,
    );
  }
  for (const a of r.alarms) out.push(chalk.red(`  ✗ ${detectorName(a.detector)}: ${a.detail} (${a.time}, monitored review ${a.review})`));
  const c = r.canaries;
  if (c) {
    out.push(`  canaries   caught ${canaryRateText(c.liveCatchRate)} (reference ${pct(c.reference.rate)}); false alarms on controls ${canaryRateText(c.falseAlarmRate)}`);
    for (const a of c.alarms) out.push(chalk.red(`  ✗ ${canaryDetectorName(a.detector)}: ${a.detail} (${a.time}${a.fingerprint ? `, under ${a.fingerprint}` : ''})`));
    for (const f of c.fingerprintChanges.filter((f) => f.differs)) {
      out.push(chalk.yellow(`  fingerprint ${f.from} → ${f.to} (${f.time.slice(0, 10)}): catch rate ${pct(f.before.rate)} → ${pct(f.after.rate)} (Fisher p ${f.adjustedP!.toPrecision(2)})`));
    }
  }
  if (r.thresholds && r.detectors) {
    const { cusum, sequential, asleep } = r.detectors;
    const bits: string[] = [];
    if (cusum.increase) bits.push(`CUSUM ↑ ${cusum.increase.statistic}/${cusum.increase.threshold ?? 'off'}`);
    if (cusum.decrease) bits.push(`↓ ${cusum.decrease.statistic}/${cusum.decrease.threshold ?? 'off'}`);
    if (sequential) bits.push(`always-valid p ${formatP(sequential.pValue)} (alarm ≤ ${formatP(sequential.alpha)})`);
    if (asleep) bits.push(`approval streak ${asleep.streak}/${asleep.threshold}`);
    out.push(chalk.dim(`  detectors  ${bits.join(' · ')}`));
    const d = r.reference.dispersion;
    const check = d
      ? `reference days vary ${d.pValue < DISPERSION_ALPHA ? 'MORE than chance' : 'as chance would'} (dispersion ${d.ratio.toFixed(2)}, p ${formatP(d.pValue)})`
      : 'day-to-day variation not tested (too few reference days, or a state saved before the test)';
    out.push(chalk.dim(`  assumes    independent reviews at one constant rate; ${check}`));
  }
  const bad = r.inputs.badLines;
  if (bad.count) {
    const first = bad.shown[0]!;
    const unit = badUnit(r.inputs);
    const lines = unit === 'records' && bad.unreadableLines ? `, ${bad.unreadableLines} of ${r.inputs.lines} lines unreadable` : '';
    out.push(chalk.yellow(`  ${`bad ${unit}`.padEnd(10)} ${bad.count} of ${r.inputs.records}${lines} (${pct(bad.share, 2)}), first ${badWhere(first)}: ${first.problem}`));
  }
  out.push(chalk.dim(`  reports    ${outDir}`));
  return out.join('\n');
}

const day = (iso: string | null) => iso?.slice(0, 10) ?? '–';
