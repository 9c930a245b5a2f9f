import { atLeastOne, averageOver, type RateGrid } from './posterior.js';

/**
 * The "asleep critic" alarm: N approvals in a row, with N the shortest streak
 * that a critic still rejecting at the reference rate would show within the
 * horizon with probability at most `target`.
 *
 * Streaks are counted in reviews, not days: with reviews as the unit the
 * guarantee holds whatever the daily volume, while "a quiet week" would fire
 * every time traffic drops. A streak of N can start at the first monitored
 * review or after any rejection (rate p per review), so the expected number of
 * such streaks in H reviews is (1 + H p) (1 − p)^N.
 */
export function asleepThreshold(grid: RateGrid, horizonReviews: number, target: number): number {
  const falseAlarm = (n: number) => averageOver(grid, (p) => atLeastOne((1 + horizonReviews * p) * Math.exp(n * Math.log1p(-p))));
  let lo = 1;
  let hi = 2;
  while (falseAlarm(hi) > target) hi *= 2;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (falseAlarm(mid) > target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
