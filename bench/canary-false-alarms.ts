/**
 * False canary alarms of a steady critic (issue 32): 100 seeded years of 365
 * days, 2,000 reviews a day of which 2% are canaries (300 canary mutants over
 * four mutators and 100 controls in the key), the critic catching 80% of the
 * mutants and rejecting 5% of the controls throughout. The canary monitor runs
 * once a day from saved state, as `drift --state --canaries` does, with the
 * default budget (drift.falseAlarmRate 0.05 over 365 days). Prints the years
 * with any canary alarm, by detector; the docs quote its figure.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/canary-false-alarms.js [YEARS]
 */
import { driftConfigSchema } from '../src/drift/config.js';
import { canaryExampleKey, canaryExampleStream, monitorCanariesDaily, STREAM_FIELDS } from '../src/drift/simulate.js';

const years = Number(process.argv[2] ?? 100);
const config = driftConfigSchema.parse({ fields: { ...STREAM_FIELDS, fingerprint: ['model', 'prompt_version'] } });
const started = Date.now();
let alarmed = 0;
const byDetector = new Map<string, number>();
for (let year = 0; year < years; year++) {
  const seed = `steady-canary-year-${year}`;
  const steady = { ...canaryExampleStream(seed, 365), catchRate: () => 0.8, judge: () => ({ model: 'critic-2025-01', prompt_version: 'v3' }) };
  const { alarms } = monitorCanariesDaily(config, steady, canaryExampleKey(seed));
  if (alarms.length) alarmed++;
  for (const a of alarms) byDetector.set(a.detector, (byDetector.get(a.detector) ?? 0) + 1);
}
console.log(`steady critic, ${years} seeded years of 365 days (40 canaries a day, 80% caught): ${alarmed} with a canary alarm, ${years - alarmed} without`);
console.log(`by detector: ${[...byDetector].map(([d, n]) => `${d} ${n}`).join(', ') || 'none'}`);
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
