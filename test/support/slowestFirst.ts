import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The spec files that take longest, in the order they should start, by the
 * CPU time they take (their worker's and its reaped children's; see
 * docs/performance.md, "The test suite"). The default audit comes first: it
 * starts the shared default run, which keeps a third process busy for about
 * its first minute. The files that hold something to a time limit (the drift
 * simulations' minute, first-contact's "within seconds") come a few files
 * later, when less runs beside them; the browser tests, which read that run,
 * come last of all, once it is done. Keep the list in step when a spec file grows past the last of them.
 */
export const SLOWEST_SPECS = [
  'test/e2e/default-audit.spec.ts',
  'test/e2e/run-engine.spec.ts',
  'test/e2e/contaminants.spec.ts',
  'test/e2e/second-turns.spec.ts',
  'src/drift/simulation.spec.ts',
  'src/drift/simulation-low.spec.ts',
  'src/mutants/verifyCode.spec.ts',
  'test/e2e/located-catches.spec.ts',
  'test/e2e/blind.spec.ts',
  'test/e2e/first-contact.spec.ts',
  'src/mutants/generate.spec.ts',
  'test/gates/scripted-critic.spec.ts',
  'test/e2e/init.spec.ts',
  'src/reviews/providers/exec.spec.ts',
  'test/e2e/review-process.spec.ts',
  'src/drift/canaries.spec.ts',
  // Last of the slow files: it reads the shared default run, and started eleventh it waited about 13 s for that run
  // with its worker idle (a whole-suite profile: 33.7 s of the file's 42.8 s idle, chromium's work included).
  'test/e2e/report-browser.spec.ts',
];

/**
 * Vitest's sequencer with the slowest spec files moved to the front. Workers
 * take the next file as they free up, so a long file started last leaves one
 * core idle until it ends; started first, the short files fill in around it.
 * Vitest orders by the durations it cached from earlier runs, which a fresh
 * clone (CI) does not have: it then orders by file size, which put the drift
 * simulations, small files that run for a long time, near the end.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = SLOWEST_SPECS.indexOf(relative(spec.project.config.root, spec.moduleId).split('\\').join('/'));
      return index === -1 ? SLOWEST_SPECS.length : index;
    };
    // Array.prototype.sort is stable: the other files keep the order vitest gave them.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
