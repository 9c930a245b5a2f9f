/**
 * Runs `work` and returns its value with the CPU time this process spent on it
 * (user + system, in ms). Speed specs compare CPU time, not wall-clock time:
 * the spec files run in parallel workers on CI's two cores, and a worker that
 * waits for a core has not become slower.
 */
export function timed<T>(work: () => T): { value: T; cpuMs: number } {
  const before = process.cpuUsage();
  const value = work();
  const spent = process.cpuUsage(before);
  return { value, cpuMs: (spent.user + spent.system) / 1000 };
}
