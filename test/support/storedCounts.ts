import { RunStore } from '../../src/results/store.js';

/** How many reviews a run store holds per condition for a critic. */
export function reviewsPerCondition(storePath: string, critic: string): Record<string, number> {
  const store = RunStore.open(storePath);
  try {
    const counts: Record<string, number> = {};
    for (const r of store.results(critic, { text: false })) counts[r.condition] = (counts[r.condition] ?? 0) + 1;
    return counts;
  } finally {
    store.close();
  }
}
