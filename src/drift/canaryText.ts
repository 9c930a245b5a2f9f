import type { CanaryDetector } from './canaries.js';
import type { CanaryRate, CanaryReport } from './canaryReport.js';
import { pct, pctInterval, periodLabel } from './format.js';
import type { PeriodUnit } from './periods.js';

const CANARY_DETECTOR_NAMES: Record<CanaryDetector, string> = {
  'catch-falling': 'CUSUM, live catch rate falling',
  'catch-rising': 'CUSUM, live catch rate rising',
  'catch-changed': 'Always-valid test (catch rate ≠ reference)',
  'catch-streak': 'Unbroken catches (canaries recognised?)',
  'catching-nothing': 'Catching nothing (no canary mutant caught in the reference)',
};

export const canaryDetectorName = (d: CanaryDetector) => CANARY_DETECTOR_NAMES[d];

/** "80.0% [76.1, 83.4]% of 412" */
export const canaryRateText = (r: CanaryRate) => `${pct(r.rate)} ${pctInterval(r.interval)} of ${r.canaries}`;

/**
 * The canary section of drift.md, its cells escaped by the caller's `cell`:
 * fingerprints and group values come from the logs.
 */
export function canaryMarkdown(c: CanaryReport, unit: PeriodUnit, cell: (text: string) => string): string[] {
  const out: string[] = ['', '## Live catch rate (canaries)', ''];
  out.push(
    `Canary mutants caught: ${canaryRateText(c.liveCatchRate)} (reference ${canaryRateText(c.reference)}; monitored since ${canaryRateText(c.monitored)}). ` +
      `False alarms on canary controls: ${canaryRateText(c.falseAlarmRate)}. ${c.lines} canary lines, left out of the rejection rate; key ${cell(c.key)}.`,
  );
  const a = c.arrival;
  if (a.quietLimit !== null) {
    out.push(
      '',
      `${a.stopped ? '⚠️ Canaries stopped arriving: l' : 'L'}atest canary line ${a.lastLine}, ${a.reviewsSince} ordinary reviews since (more than ${a.quietLimit} in a row, at the canary share of ${pct(a.share)}, means the canaries stopped).`,
    );
  }
  if (c.off) out.push('', `⚠️ Not monitored: ${cell(c.off)}`);
  if (c.alarms.length) {
    out.push('', '| canary alarm | raised | monitored canary | fingerprint | detail |', '|---|---|---:|---|---|');
    for (const a of c.alarms) out.push(`| ${canaryDetectorName(a.detector)} | ${a.time} | ${a.canary} | ${cell(a.fingerprint ?? '–')} | ${cell(a.detail)} |`);
  }
  if (c.thresholds && c.detectors) {
    const t = c.thresholds;
    const d = c.detectors;
    const side = (direction: 'increase' | 'decrease') => {
      const th = t.cusum[direction];
      const now = d.cusum[direction];
      return th && now ? `${now.statistic}/${th.threshold ?? 'off'}` : 'off';
    };
    out.push(
      '',
      `Detectors, on the miss rate (1 − the catch rate), with the rejection rate's budget (${pct(t.falseAlarmRate)} over ${t.horizonDays} days): CUSUM falling catch rate ${side('increase')}, rising ${side('decrease')}` +
        `${d.sequential ? `; always-valid p ${d.sequential.pValue.toPrecision(2)} (alarm ≤ ${d.sequential.alpha.toPrecision(2)})` : ''}` +
        `${d.asleep ? `; unbroken catches ${d.asleep.streak}/${d.asleep.threshold}` : ''}.`,
    );
  }
  if (c.fingerprintChanges.length) {
    out.push('', '| fingerprint change | at | catch rate before | after | difference | Fisher p (Holm) | |', '|---|---|---|---|---|---|---|');
    for (const f of c.fingerprintChanges) {
      const diff = f.effect ? `${(100 * f.effect.difference).toFixed(1)} pts ${pctInterval(f.effect.interval)}` : '–';
      const p = f.adjustedP === null ? '–' : f.adjustedP.toPrecision(2);
      out.push(
        `| ${cell(f.from)} → ${cell(f.to)} | ${f.time} | ${canaryRateText(f.before)} | ${canaryRateText(f.after)} | ${diff} | ${p} | ${f.differs ? '**changed the catch rate**' : 'no difference shown'} |`,
      );
    }
  }
  if (c.byMutator.length) {
    out.push('', '| mutator | caught |', '|---|---|');
    for (const m of c.byMutator) out.push(`| ${cell(m.mutator)} | ${canaryRateText(m.catchRate)} |`);
  }
  if (c.byFingerprint.length) {
    out.push('', '| fingerprint | caught | false alarms on controls |', '|---|---|---|');
    for (const f of c.byFingerprint) out.push(`| ${cell(f.fingerprint)} | ${canaryRateText(f.catchRate)} | ${canaryRateText(f.falseAlarmRate)} |`);
  }
  for (const g of c.groups) {
    out.push('', `| ${cell(g.key)} | caught | false alarms on controls |`, '|---|---|---|');
    for (const v of g.values) out.push(`| ${cell(v.value)} | ${canaryRateText(v.catchRate)} | ${canaryRateText(v.falseAlarmRate)} |`);
  }
  out.push('', `| ${unit} | phase | canary mutants | caught | catch rate | interval | controls | false alarms | rate | interval | alarms |`, '|---|---|---:|---:|---:|---|---:|---:|---:|---|---|');
  const interval = (r: CanaryRate) => (r.canaries ? pctInterval(r.interval) : '–');
  for (const p of c.periods) {
    const [m, k] = [p.catchRate, p.falseAlarmRate];
    out.push(
      `| ${periodLabel(p.start, unit)} | ${p.phase} | ${m.canaries} | ${m.rejected} | ${pct(m.rate)} | ${interval(m)} | ${k.canaries} | ${k.rejected} | ${pct(k.rate)} | ${interval(k)} | ${p.alarms.join(', ')} |`,
    );
  }
  return out;
}
