/**
 * Seeded simulations of the monitor as a team would run it: once a day, on a
 * growing log, resuming from yesterday's saved state. The repetitions run each
 * log in one pass, after the first block checks on sample years that daily
 * resumes end in the identical state (the nightly round trip was 60% of the
 * time). Sizes are chosen to keep this file near 8 s on two cores
 * (simulation-low.spec.ts, the low-volume case, runs beside it); every number quoted in the docs comes from these
 * tests (see fixtures/drift/README.md). The time limits leave room for a
 * machine shared with the rest of the suite, where a core may be half theirs.
 */
import { describe, expect, it } from 'vitest';
import { driftConfigSchema, type DriftConfig } from './config.js';
import { monitorDaily as monitorDailyWith, monitorStream as monitorStreamWith, type SyntheticLog } from './simulate.js';

const config: DriftConfig = driftConfigSchema.parse({}); // falseAlarmRate 0.05 over 365 days, 14-day reference
const PER_DAY = 200;
const monitorDaily = (log: SyntheticLog) => monitorDailyWith(config, log);
/** One pass: the end state of monitoring daily from saved state, as the first describe block checks. */
const monitorStream = (log: SyntheticLog) => monitorStreamWith(config, log);

// The streams of the simulations below, by name: their repetitions run in one pass each.
const CONSTANT = (seed: string): SyntheticLog => ({ seed, days: 365, reviewsPerDay: PER_DAY, rate: () => 0.1 });
const DROP = (seed: string): SyntheticLog => ({ seed, days: 36, reviewsPerDay: PER_DAY, rate: (day) => (day < 30 ? 0.1 : 0.02) });
const EARLY_DROP = (seed: string): SyntheticLog => ({ seed, days: 20, reviewsPerDay: PER_DAY, rate: (day) => (day < 14 ? 0.1 : 0.02) });
const LOW = (seed: string): SyntheticLog => ({ seed, days: 365, reviewsPerDay: 50, rate: () => 0.02 });

describe('monitoring daily from saved state, as `drift --state` does each night', () => {
  // Years that raise an alarm are among them (constant-19 and low-62 are two of the false alarms below, and every drop
  // alarms), so the alarms are compared too, not only quiet states.
  it.each([
    ['constant-0', CONSTANT],
    ['constant-19', CONSTANT],
    ['drop-0', DROP],
    ['early-drop-1', EARLY_DROP],
    ['low-62', LOW],
  ] as const)('ends %s in the state one pass over the log ends in', (seed, stream) => {
    const daily = monitorDaily(stream(seed)).state;
    expect(monitorStream(stream(seed)).state).toEqual(daily);
    expect(daily.periods.length).toBeGreaterThan(10);
    if (seed !== 'constant-0') expect(daily.alarms.length).toBeGreaterThan(0);
  });
});

describe('false alarms under a constant rate (200 repetitions of 365 days, 200 reviews/day, 10% rejections)', () => {
  it('stay within falseAlarmRate, while a naive daily binomial check alarms almost every year', () => {
    const repetitions = 200;
    let alarmed = 0;
    let naiveAlarmed = 0;
    for (let r = 0; r < repetitions; r++) {
      const { state, monitor } = monitorStream(CONSTANT(`constant-${r}`));
      if (state.alarms.length) alarmed++;
      // The contrast: alarm whenever a monitored day's 95% Wilson interval misses the
      // reference rate. Each look is a 5% test; 351 looks a year make an alarm near certain.
      const referenceRate = state.reference.rejections / state.reference.reviews;
      const days = monitor.periodRows().filter((p) => p.start >= state.windowEnd!);
      if (days.some((p) => p.interval[0] > referenceRate || p.interval[1] < referenceRate)) naiveAlarmed++;
    }
    expect(alarmed / repetitions).toBeLessThanOrEqual(config.falseAlarmRate);
    expect(naiveAlarmed / repetitions).toBeGreaterThan(0.95);
  }, 120_000);
});

describe('a drop from 10% to 2% rejections (200 repetitions, 200 reviews/day)', () => {
  it('is flagged within 600 reviews of the change, when it comes after 16 normal monitored days', () => {
    const delays: number[] = [];
    for (let r = 0; r < 200; r++) {
      const { state } = monitorStream(DROP(`drop-${r}`));
      const changeAt = (30 - 14) * PER_DAY; // monitored reviews before the change
      const first = Math.min(...state.alarms.map((a) => a.review));
      delays.push(first - changeAt);
    }
    delays.sort((a, b) => a - b);
    // Every alarm comes after the change: one raised in the 16 normal days would be a false alarm, not a detection.
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[delays.length - 1]).toBeLessThanOrEqual(600);
    expect(delays[Math.floor(delays.length / 2)]).toBeLessThanOrEqual(350);
  }, 120_000);

  it('is flagged within 600 reviews when monitoring starts on the lower rate', () => {
    for (let r = 0; r < 200; r++) {
      const { state } = monitorStream(EARLY_DROP(`early-drop-${r}`));
      const first = Math.min(...state.alarms.map((a) => a.review));
      expect(first).toBeGreaterThan(0); // raised by a monitored review, not by the reference
      expect(first).toBeLessThanOrEqual(600);
    }
  });
});

describe('an all-approve stream', () => {
  it('raises the asleep alarm at exactly the calibrated streak', () => {
    const { state } = monitorDaily({ seed: 'asleep', days: 20, reviewsPerDay: PER_DAY, rate: (day) => (day < 14 ? 0.1 : 0) });
    const streak = state.design!.asleep!.streak;
    expect(state.alarms.find((a) => a.detector === 'asleep')?.review).toBe(streak);
    // The streak is long enough to be rare at 10% (0.9^N tiny) yet well under a day here.
    expect(0.9 ** streak).toBeLessThan(1e-5);
    expect(streak).toBeLessThan(PER_DAY);
  });

  it('raises the asleep alarm when the reference itself has no rejection', () => {
    const { state } = monitorDaily({ seed: 'never', days: 15, reviewsPerDay: PER_DAY, rate: () => 0 });
    expect(state.alarms).toEqual([expect.objectContaining({ detector: 'asleep', review: 0, detail: expect.stringContaining('no rejection in any of the 2800 reference reviews') })]);
  });
});
