import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/support/slowestFirst.js';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts', 'mutators/**/*.spec.ts', 'test/**/*.spec.ts'],
    // The specs that start the CLI run dist/: built here when missing or stale, so `npx vitest run` works in a fresh clone.
    globalSetup: ['test/support/buildDist.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A worker per core. Vitest's default keeps a core for its main process, which idles here, so on CI's 2 cores it
    // ran one worker. One more worker than cores (vitest 196 s against 217 s in one quiet run) made timing-bound specs
    // flaky on a busy machine and took 326 s in a fresh clone's `npm test`: not kept.
    maxWorkers: availableParallelism(),
    // Spec files share their worker's module graph instead of importing it
    // afresh each (ts-morph, zod schemas, the registries): on CI's 2 cores
    // that import was most of a small spec file's time. No spec mocks
    // modules, fakes timers or stubs globals, and the few that set an
    // environment variable remove it, so nothing leaks from one file to the
    // next. Workers are processes (the default pool, forks), so an
    // environment variable one file sets is never seen by a file running beside it.
    isolate: false,
    // The slowest spec files start first (test/support/slowestFirst.ts), so that no long file starts last.
    sequence: { sequencer: SlowestFirst },
  },
});
