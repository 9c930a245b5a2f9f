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
    // A worker per core, and one more. Vitest's default keeps a core for its main process, which idles here, so on
    // CI's 2 cores it ran one worker. With one per core, a core still idled whenever a worker waited on something
    // other than CPU: a CLI run it had spawned, a fake server's delayed reply, a request left to time out. The
    // extra worker fills those waits: on this 2-core machine, vitest 217 s with 2 workers, 196 s with 3, 217 s with 4.
    maxWorkers: availableParallelism() + 1,
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
