import { readFileSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAudit } from '../audit.js';
import { loadConfig } from '../config/load.js';
import { auditDir, deterministicReply } from '../../test/support/auditDir.js';
import { serverError, startFakeOpenAI, type FakeOpenAI } from '../../test/support/fakeOpenAI.js';
import { createProgress } from './progress.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A stream that is not a terminal (as in CI): the progress line is written out whole, and kept here. */
function captured(): { stream: NodeJS.WriteStream; lines: () => string[] } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream: Object.assign(stream, { isTTY: false }) as unknown as NodeJS.WriteStream, lines: () => text.split('\n').filter((l) => l.startsWith('reviews ')) };
}

describe('the progress line', () => {
  it('with no review planned, shows an ETA of 0s (issue 28: it showed "ETA LLs")', () => {
    const { stream, lines } = captured();
    const progress = createProgress(stream);
    progress.planned(0, 0);
    // An engine starting redraws the line, which has the library estimate the time left.
    progress.engine({ engine: 0, retries: 0, rateLimited: 0, concurrency: 8, maxConcurrency: 8 });
    progress.stop();
    expect(lines().length).toBeGreaterThan(0);
    for (const line of lines()) expect(line).toMatch(/^reviews \S+ 0\/0 \| 0\/s \| ETA 0s \| errors 0 /);
  });

  it('ends with the number of retries the run sent, over every phase (issue 28: it ended with "retries 0")', async () => {
    // Every distinct request fails once with a retryable 503, then is answered: one retry each, as many as 503s sent.
    const seen = new Set<string>();
    let failed = 0;
    server = await startFakeOpenAI((body) => {
      const key = JSON.stringify(body.messages);
      if (seen.has(key)) return deterministicReply(body);
      seen.add(key);
      failed++;
      return serverError(503);
    });
    const { dir, config } = auditDir(server.baseURL);
    writeFileSync(config, readFileSync(config, 'utf8').replace('mutantsPerFixture: 4', 'mutantsPerFixture: 1'));
    const { stream, lines } = captured();
    const progress = createProgress(stream);
    const outcome = await runAudit(loadConfig(config), {
      outDir: join(dir, 'out'),
      cache: false,
      backoffBaseMs: 1,
      onPlanned: (total, done) => progress.planned(total, done),
      onResult: (r) => progress.result(r),
      onEngine: (state) => progress.engine(state),
    });
    progress.stop();
    const retried = [...outcome.store.results('model', { text: false })].reduce((n, r) => n + r.attempts - 1, 0);
    outcome.store.close();
    expect(failed).toBeGreaterThan(20);
    expect(retried).toBe(failed);
    expect(lines().at(-1)).toMatch(new RegExp(`^reviews .* \\| errors 0 \\| no verdict \\d+ \\| retries ${failed} \\| 429s 0 \\|`));
  });
});
