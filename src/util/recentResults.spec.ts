import { describe, expect, it } from 'vitest';
import { RecentResults } from './recentResults.js';

describe('RecentResults', () => {
  it('computes a key once while it is held, and again after the map filled and started afresh', () => {
    const results = new RecentResults<number>(2);
    let computed = 0;
    const square = (n: number) => results.get(String(n), () => (computed++, n * n));
    expect([square(3), square(3), square(4), square(4)]).toEqual([9, 9, 16, 16]);
    expect(computed).toBe(2);
    // Full at 2: a third key clears the map, so 3 is computed again.
    expect([square(5), square(3)]).toEqual([25, 9]);
    expect(computed).toBe(4);
  });
});
