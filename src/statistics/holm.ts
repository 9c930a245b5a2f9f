/**
 * Holm–Bonferroni step-down adjusted p-values (Holm, Scand. J. Statist. 6, 1979).
 *
 * An audit tests many mutators at once; Holm controls the family-wise error
 * rate like Bonferroni but is uniformly more powerful, and needs no
 * independence assumption between the tests (they share the same reviewer).
 *
 * With p-values sorted ascending p(1) <= … <= p(m), the adjusted value is
 *   p̃(i) = max_{j <= i} min(1, (m − j + 1)·p(j)),
 * so adjusted values are monotone in the raw ones and capped at 1. The result
 * is returned in the caller's original order; reject hypothesis i at level α
 * iff adjusted[i] <= α.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  pValues.forEach((p, i) => {
    if (!(p >= 0 && p <= 1)) {
      throw new RangeError(`holmAdjust: p-values must be in [0, 1], got ${p} at index ${i}`);
    }
  });
  // Stable sort of indices: ties keep input order (their adjusted values are equal anyway).
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((idx, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[idx]!));
    adjusted[idx] = running;
  });
  return adjusted;
}
