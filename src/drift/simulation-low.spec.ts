/**
 * The false-alarm simulation of simulation.spec.ts at a low rate and volume,
 * in its own file so that the two run side by side. 100 repetitions keep it
 * near 4 s on two cores.
 */
import { describe, expect, it } from 'vitest';
import { driftConfigSchema } from './config.js';
import { monitorStream } from './simulate.js';

const config = driftConfigSchema.parse({});

describe('false alarms at a low rate and volume (100 repetitions of 365 days, 50 reviews/day, 2% rejections)', () => {
  it('stay within falseAlarmRate with the CUSUM off (a 14-day reference holds about 14 rejections), which is said, with the reference it would need', () => {
    const repetitions = 100;
    let alarmed = 0;
    let cusumOff = 0;
    for (let r = 0; r < repetitions; r++) {
      // One pass: the state monitoring daily from saved state ends in (simulation.spec.ts checks that on low-62).
      const { state, monitor } = monitorStream(config, { seed: `low-${r}`, days: 365, reviewsPerDay: 50, rate: () => 0.02 });
      if (state.alarms.length) alarmed++;
      const { increase, decrease } = state.design!.cusum;
      if (increase!.threshold === null && decrease!.threshold === null) cusumOff++;
      if (r === 0) {
        // What the report would say: how many reference reviews each side needs.
        monitor.explainOffSides();
        const needs = [monitor.state.design!.cusum.increase!.needsReviews!, monitor.state.design!.cusum.decrease!.needsReviews!];
        expect(Math.min(...needs)).toBeGreaterThan(state.reference.reviews);
        expect(Math.max(...needs)).toBeLessThan(50 * 60); // within two months at this volume
      }
    }
    expect(alarmed / repetitions).toBeLessThanOrEqual(config.falseAlarmRate);
    expect(cusumOff).toBe(repetitions);
  }, 120_000);
});
