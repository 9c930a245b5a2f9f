import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewItem } from '../../requests/items.js';
import { reviewJobs, type ReviewJob } from '../../requests/jobs.js';
import { CriticCallError, type Critic } from '../critic.js';
import { runReviews, type ReviewResult } from '../schedule.js';
import { createExecCritic } from './exec.js';

const TEMPLATE = '## Task\n{{task}}\n\n## Artifact\n{{artifact}}\n\n{{#evidence}}## Evidence\n{{evidence}}{{/evidence}}\n\n{{#trace}}## Notes\n{{trace}}{{/trace}}\n\n{{#prior_verdict}}## Earlier review\n{{prior_verdict}}{{/prior_verdict}}\n\nEnd with VERDICT: PASS or VERDICT: FAIL.';

const item: ReviewItem = {
  id: 'leave-policy~drop-negation-1',
  fixtureId: 'leave-policy',
  cluster: 'leave-policy',
  kind: 'text',
  role: 'mutant',
  mutator: 'drop-negation',
  task: 'Summarise who may carry over unused leave.',
  artifact: 'Employees may carry over up to 5 days of unused leave.',
  evidence: [{ id: 'HR-7', title: 'Leave policy', text: 'Employees may not carry over more than 5 days of unused leave.' }],
  trace: 'I read HR-7 and copied the carry-over limit.',
};

function jobUnder(condition: ReviewJob['condition'], extra: Partial<ReviewItem> = {}): ReviewJob {
  const [job] = [...reviewJobs([{ ...item, ...extra }], { conditions: [condition], rubricFor: () => 'Check every claim against the evidence.', template: TEMPLATE })];
  if (!job) throw new Error(`no job under ${condition}`);
  return job;
}

let dir: string;
const scripts: Record<string, string> = {
  // Records its stdin and argv in the working directory, then answers.
  'record.mjs': `
    import { writeFileSync } from 'node:fs';
    let input = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (c) => (input += c));
    process.stdin.on('end', () => {
      writeFileSync('stdin.json', input);
      writeFileSync('argv.json', JSON.stringify(process.argv.slice(2)));
      process.stdout.write('The carry-over rule is inverted.\\nVERDICT: FAIL\\n');
    });`,
  'fail.mjs': `
    process.stdin.resume();
    process.stdin.on('end', () => { process.stderr.write('model unavailable: out of credits\\n'); process.exit(3); });`,
  'hang.mjs': `
    import { writeFileSync } from 'node:fs';
    writeFileSync('hang.pid', String(process.pid));
    setInterval(() => {}, 1000);`,
  'garbage.mjs': `
    process.stdin.resume();
    process.stdin.on('end', () => process.stdout.write(Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x6e, 0x6f, 0x74, 0x20, 0x6a, 0x73, 0x6f, 0x6e])));`,
  'rude.mjs': `process.stdout.write('Did not read a thing.\\nVERDICT: PASS\\n');`,
  'flood.mjs': `
    const chunk = 'x'.repeat(64 * 1024);
    const write = () => { while (process.stdout.write(chunk)) {} process.stdout.once('drain', write); };
    write();`,
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'critic-audit-exec-'));
  for (const [name, source] of Object.entries(scripts)) await writeFile(join(dir, name), source);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function execCritic(script: string, options: { args?: string[]; timeoutMs?: number } = {}): Critic {
  return createExecCritic({
    name: `exec:${script}`,
    command: [process.execPath, join(dir, script), ...(options.args ?? [])],
    cwd: dir,
    timeoutMs: options.timeoutMs ?? 10_000,
    identity: { provider: 'exec', command: script },
  });
}

function review(critic: Critic, job: ReviewJob, signal: AbortSignal = new AbortController().signal) {
  return critic.review({ reviewId: job.reviewId, request: job.request, messages: job.messages, signal });
}

async function failure(promise: Promise<unknown>): Promise<CriticCallError> {
  const err = await promise.then(
    (reply) => {
      throw new Error(`expected a failure, got ${JSON.stringify(reply)}`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CriticCallError);
  return err as CriticCallError;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('createExecCritic with a real child process', () => {
  it('writes {id, request, messages} to stdin, never the condition, and returns stdout', async () => {
    for (const condition of ['prior-pass', 'with-trace'] as const) {
      const job = jobUnder(condition);
      const reply = await review(execCritic('record.mjs', { args: ['--strict'] }), job);
      expect(reply.text).toBe('The carry-over rule is inverted.\nVERDICT: FAIL\n');
      expect(reply.usage).toBeUndefined();

      const raw = await readFile(join(dir, 'stdin.json'), 'utf8');
      const sent = JSON.parse(raw) as Record<string, unknown>;
      expect(Object.keys(sent).sort()).toEqual(['id', 'messages', 'request']);
      expect(sent.id).toBe(job.reviewId);
      expect(sent.id).toMatch(/^[0-9a-f]{16}$/);
      expect(sent.request).toEqual(job.request);
      expect(sent.messages).toEqual(job.messages);
      // The condition's contaminant is in the request by design; its name, the item's id and role are not.
      expect(raw).not.toContain(condition);
      expect(raw).not.toMatch(/"condition"/);
      expect(raw).not.toContain(item.id);
      expect(raw).not.toContain('drop-negation');
      expect(raw).not.toMatch(/"(role|mutator|itemId)"\s*:\s*"(mutant|original)"/);
      // argv is exactly the configured command: the review never travels in it.
      expect(JSON.parse(await readFile(join(dir, 'argv.json'), 'utf8'))).toEqual(['--strict']);
    }
  });

  it('fails non-retryably on a non-zero exit, quoting stderr', async () => {
    const err = await failure(review(execCritic('fail.mjs'), jobUnder('clean')));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/code 3/);
    expect(err.message).toContain('model unavailable: out of credits');
  });

  it('kills a hanging critic at timeoutMs and fails non-retryably', async () => {
    await rm(join(dir, 'hang.pid'), { force: true });
    const started = performance.now();
    const err = await failure(review(execCritic('hang.mjs', { timeoutMs: 1_000 }), jobUnder('clean')));
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/timed out after 1000 ms/);
    const pid = Number(await readFile(join(dir, 'hang.pid'), 'utf8'));
    const deadline = performance.now() + 2_000;
    while (isAlive(pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(isAlive(pid)).toBe(false);
  });

  it('kills the critic when the call signal fires', async () => {
    const started = performance.now();
    const err = await failure(review(execCritic('hang.mjs', { timeoutMs: 10_000 }), jobUnder('clean'), AbortSignal.timeout(300)));
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(err.retryable).toBe(false);
    expect(err.message).toBe('exec critic timed out');

    const controller = new AbortController();
    const pending = failure(review(execCritic('hang.mjs', { timeoutMs: 10_000 }), jobUnder('clean'), controller.signal));
    setTimeout(() => controller.abort(), 100);
    expect((await pending).message).toBe('exec critic aborted');
  });

  it('fails non-retryably when the command does not exist', async () => {
    const critic = createExecCritic({
      name: 'missing',
      command: [join(dir, 'no-such-critic')],
      cwd: dir,
      timeoutMs: 5_000,
      identity: { provider: 'exec' },
    });
    const err = await failure(review(critic, jobUnder('clean')));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/failed to run/);
    expect(err.message).toMatch(/ENOENT/);
  });

  it('accepts the reply of a critic that exits without reading a large stdin', async () => {
    const job = jobUnder('clean', { artifact: 'Employees may carry over leave. '.repeat(100_000) });
    const reply = await review(execCritic('rude.mjs'), job);
    expect(reply.text).toBe('Did not read a thing.\nVERDICT: PASS\n');
  });

  it('fails a critic that floods stdout past the reply limit, and kills it', async () => {
    const err = await failure(review(execCritic('flood.mjs'), jobUnder('clean')));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/more than \d+ bytes/);
  });

  it('garbage on stdout becomes a no-verdict result in the scheduler, not an error or a verdict', async () => {
    const results: ReviewResult[] = [];
    const jobs = [jobUnder('clean'), jobUnder('prior-fail')];
    await runReviews(execCritic('garbage.mjs'), jobs, { concurrency: 2, retries: 2, timeoutMs: 10_000, backoffBaseMs: 1, onResult: (r) => results.push(r) });
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(r).toMatchObject({ outcome: 'no-verdict', verdict: null, error: null, attempts: 1, usage: null });
      expect(r.reply).toContain('{not json');
    }
    expect(results.map((r) => r.condition).sort()).toEqual(['clean', 'prior-fail']);
  });

  it('a failing exec critic is recorded as an error after one attempt: exec failures are not retried', async () => {
    const results: ReviewResult[] = [];
    await runReviews(execCritic('fail.mjs'), [jobUnder('clean')], { concurrency: 1, retries: 3, timeoutMs: 10_000, backoffBaseMs: 1, onResult: (r) => results.push(r) });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ outcome: 'error', verdict: null, reply: null, attempts: 1 });
    expect(results[0]!.error).toContain('out of credits');
  });
});
