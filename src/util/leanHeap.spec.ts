import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from './packageRoot.js';

/**
 * Runs, in a fresh node, a workload that keeps many objects alive for a while
 * (as building the reports does) after applying the named policies, and
 * returns the young generation's largest size and its size after a full collection, in MB. Flags set
 * after start may silently do nothing on another node; this is what notices.
 */
function youngGeneration(policies: Array<'favourMemory' | 'holdYoungGeneration'>): { largest: number; final: number } {
  const module = pathToFileURL(join(PACKAGE_ROOT, 'dist/src/util/leanHeap.js')).href;
  const script = `
    import v8 from 'node:v8';
    const { leanHeap } = await import(${JSON.stringify(module)});
    for (const policy of ${JSON.stringify(policies)}) leanHeap[policy]();
    const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20;
    let alive = [];
    let largest = 0;
    for (let i = 0; i < 1_000_000; i++) {
      alive.push({ i, text: 'x' + i });
      if (alive.length > 200_000) alive = [];
      if (i % 10_000 === 0) largest = Math.max(largest, young());
    }
    // The final size after a full collection, which the policy gives the young generation back at: left to V8's
    // schedule, that collection may not have run yet on a busy machine (a fresh clone's CI read 32 MB once).
    alive = null;
    globalThis.gc();
    console.log(JSON.stringify({ largest, final: young() }));`;
  return JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' })) as { largest: number; final: number };
}

describe('leanHeap', () => {
  it('without a policy, the workload grows the young generation to 16 MB or more and keeps it', () => {
    const { largest, final } = youngGeneration([]);
    expect(largest).toBeGreaterThanOrEqual(16);
    expect(final).toBe(largest);
  });

  it('favourMemory gives the young generation back after it has grown', () => {
    const { largest, final } = youngGeneration(['favourMemory']);
    expect(largest).toBeGreaterThanOrEqual(16);
    expect(final).toBeLessThanOrEqual(largest / 2);
  });

  it('holdYoungGeneration keeps the young generation at the size it had', () => {
    expect(youngGeneration(['holdYoungGeneration']).largest).toBeLessThanOrEqual(4);
  });
});
