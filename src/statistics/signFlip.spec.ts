import { describe, expect, it } from 'vitest';
import { mcnemarExactOneSided } from './mcnemar.js';
import { signFlipUpperTail } from './signFlip.js';

describe('signFlipUpperTail (exact one-sided paired sign-flip test of a weighted difference)', () => {
  it('is McNemar’s one-sided exact test when one group has no discordant item', () => {
    for (const [plus, minus] of [
      [7, 1],
      [3, 3],
      [0, 5],
      [12, 0],
    ] as const) {
      expect(
        signFlipUpperTail([
          { plus, minus, weight: 1 / 40 },
          { plus: 0, minus: 0, weight: 1 / 10 },
        ]),
      ).toBeCloseTo(mcnemarExactOneSided(plus, minus), 12);
    }
  });

  it('is 1 with no discordant item at all (nothing favours either condition)', () => {
    expect(
      signFlipUpperTail([
        { plus: 0, minus: 0, weight: 0.1 },
        { plus: 0, minus: 0, weight: 0.5 },
      ]),
    ).toBe(1);
  });

  it('matches enumeration of every sign assignment on a small case', () => {
    // Group a: 3 discordant (2 plus), weight 1/4; group b: 2 discordant (both plus), weight 1/2. D = 1/4 + 1 = 1.25.
    let reach = 0;
    for (let mask = 0; mask < 32; mask++) {
      const signs = [0, 1, 2, 3, 4].map((i) => ((mask >> i) & 1 ? 1 : -1));
      const d = (signs[0]! + signs[1]! + signs[2]!) / 4 + (signs[3]! + signs[4]!) / 2;
      if (d >= 1.25 - 1e-12) reach++;
    }
    expect(
      signFlipUpperTail([
        { plus: 2, minus: 1, weight: 1 / 4 },
        { plus: 2, minus: 0, weight: 1 / 2 },
      ]),
    ).toBeCloseTo(reach / 32, 12);
  });

  it('weighs a few originals against many mutants by their rates, not their counts', () => {
    // 40 mutants: 30 favour blind (caught only blind); 10 originals: all 10 favour clean (flagged only blind).
    // Discrimination difference = (0 − 30)/40 + 10/10 = +0.25 > 0, though the discordant items mostly favour blind.
    const p = signFlipUpperTail([
      { plus: 0, minus: 30, weight: 1 / 40 },
      { plus: 10, minus: 0, weight: 1 / 10 },
    ]);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.5);
  });
});
