import { setFlagsFromString } from 'node:v8';

/**
 * V8 heap policies the CLI sets on its own process. A shebang cannot pass
 * node flags portably (BusyBox's env has no -S), so they are set from inside,
 * where only the flags V8 reads as it runs take effect. On a 100,000-review
 * run (bench/cli-memory) the two together take the command's peak resident
 * memory from 145–166 MB to 109–132 MB; the price is about a third more
 * harness CPU per review with a fast local critic, which a hosted critic's
 * latency hides. leanHeap.spec checks that this node still honours both.
 */
export const leanHeap = {
  /**
   * From the start: V8 grows the heap only as far as the live data needs and
   * gives the young generation back after a full collection, instead of
   * sizing both for speed.
   */
  favourMemory(): void {
    setFlagsFromString('--optimize-for-size');
  },
  /**
   * Before the reports: the young generation keeps the size the reviews left
   * it. Building the reports keeps much alive for a while, which would
   * otherwise grow it to its 32 MB maximum for a few seconds' work.
   */
  holdYoungGeneration(): void {
    setFlagsFromString('--semi-space-growth-factor=1');
  },
};
