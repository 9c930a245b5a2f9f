import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewItem } from '../../requests/items.js';
import { reviewJobs, type ReviewJob } from '../../requests/jobs.js';
import { PACKAGE_ROOT } from '../../util/packageRoot.js';
import { CriticCallError, type Critic } from '../critic.js';
import { runReviews } from '../schedule.js';
import type { ReviewResult } from '../types.js';
import { createExecCritic } from './execOneshot.js';
import { createPersistentExecCritic } from './execPersistent.js';
import { conditionsOf } from '../../requests/conditions/index.js';

const TEMPLATE =
  '## Task\n{{task}}\n\n## Artifact\n{{artifact}}\n\n{{#evidence}}## Evidence\n{{evidence}}{{/evidence}}\n\n{{#trace}}## Notes\n{{trace}}{{/trace}}\n\n{{#prior_verdict}}## Earlier review\n{{prior_verdict}}{{/prior_verdict}}\n\nEnd with VERDICT: PASS or VERDICT: FAIL.';

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
  const [job] = [...reviewJobs([{ ...item, ...extra }], { conditions: conditionsOf([condition]), rubricFor: () => 'Check every claim against the evidence.', template: TEMPLATE })];
  if (!job) throw new Error(`no job under ${condition}`);
  return job;
}

let dir: string;

/**
 * The behaviours both modes must share, each written once as `answer(raw)`:
 * the raw request the critic read, to its reply (or a promise that never
 * settles); `wrap` turns one into a oneshot or a persistent script.
 */
const bodies: Record<string, string> = {
  // Records its stdin and argv in the working directory, then answers.
  record: `
    import { writeFileSync } from 'node:fs';
    async function answer(raw) {
      writeFileSync('stdin.json', raw);
      writeFileSync('argv.json', JSON.stringify(process.argv.slice(2)));
      return 'The carry-over rule is inverted.\\nVERDICT: FAIL\\n';
    }`,
  fail: `
    async function answer() { process.stderr.write('model unavailable: out of credits\\n'); process.exit(3); }`,
  // Reads a field the request leaves out, as a critic reading evidence under blind does: Node prints the source line, the error, then frames.
  throws: `
    function answer(raw) { return JSON.parse(raw).request.evidence.map((item) => item.text).join(' '); }`,
  // Says which signal ended it: SIGTERM ends it as it would by default, after writing hang.signal; SIGKILL cannot be caught.
  hang: `
    import { writeFileSync } from 'node:fs';
    process.on('SIGTERM', () => { writeFileSync('hang.signal', 'SIGTERM'); process.exit(143); });
    async function answer() { writeFileSync('hang.pid', String(process.pid)); setInterval(() => {}, 1000); return new Promise(() => {}); }`,
  size: `
    async function answer(raw) { return 'Read ' + raw.length + ' characters.\\nVERDICT: PASS\\n'; }`,
  garbage: `
    async function answer() { return Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x6e, 0x6f, 0x74, 0x20, 0x6a, 0x73, 0x6f, 0x6e]); }`,
  flood: `
    import { writeFileSync } from 'node:fs';
    async function answer() {
      writeFileSync('flood.pid', String(process.pid));
      const chunk = 'x'.repeat(64 * 1024);
      const write = () => { while (process.stdout.write(chunk)) {} process.stdout.once('drain', write); };
      write();
      return new Promise(() => {});
    }`,
};

const wrap = {
  oneshot: (body: string) => `${body}
    let input = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (c) => (input += c));
    process.stdin.on('end', async () => process.stdout.write(await answer(input)));`,
  persistent: (body: string) => `${body}
    import { createInterface } from 'node:readline';
    createInterface({ input: process.stdin }).on('line', async (line) => {
      const reply = String(await answer(line));
      process.stdout.write(JSON.stringify({ id: JSON.parse(line).id, reply }) + '\\n');
    });`,
};

/** Scripts for one mode only: what a oneshot critic may do that a persistent one may not, and the JSON Lines protocol. */
const scripts: Record<string, string> = {
  'oneshot-rude.mjs': `process.stdout.write('Did not read a thing.\\nVERDICT: PASS\\n');`,
  // Answers three requests at a time, the last first.
  'persistent-batch.mjs': `
    import { appendFileSync } from 'node:fs';
    import { createInterface } from 'node:readline';
    appendFileSync('batch.pids', process.pid + '\\n');
    let held = [];
    createInterface({ input: process.stdin }).on('line', (line) => {
      held.push(JSON.parse(line).id);
      if (held.length < 3) return;
      for (const id of held.reverse()) process.stdout.write(JSON.stringify({ id, reply: 'Reviewed ' + id + '.\\nVERDICT: PASS' }) + '\\n');
      held = [];
    });`,
  // Dies on its third request.
  'persistent-crash.mjs': `
    import { appendFileSync } from 'node:fs';
    import { createInterface } from 'node:readline';
    appendFileSync('crash.pids', process.pid + '\\n');
    let requests = 0;
    createInterface({ input: process.stdin }).on('line', (line) => {
      if (++requests === 3) { process.stderr.write('crashed on the third request\\n'); process.exit(7); }
      process.stdout.write(JSON.stringify({ id: JSON.parse(line).id, reply: 'VERDICT: PASS' }) + '\\n');
    });`,
  // Answers every review but the one whose request mentions "poison", on which it dies, whatever process it is.
  'persistent-poison.mjs': `
    import { appendFileSync } from 'node:fs';
    import { createInterface } from 'node:readline';
    appendFileSync('poison.pids', process.pid + '\\n');
    createInterface({ input: process.stdin }).on('line', (line) => {
      if (line.includes('poison')) { process.stderr.write('segfault in the tokenizer\\n'); process.exit(9); }
      process.stdout.write(JSON.stringify({ id: JSON.parse(line).id, reply: 'VERDICT: PASS' }) + '\\n');
    });`,
  // Dies before answering anything, as a critic with a missing dependency does.
  'persistent-dead.mjs': `
    import { appendFileSync } from 'node:fs';
    appendFileSync('dead.pids', process.pid + '\\n');
    process.stderr.write("ModuleNotFoundError: No module named 'torch'\\n");
    process.exit(1);`,
  // The artifact says what to do: "after N" answers after N ms, the others break the protocol.
  'persistent-protocol.mjs': `
    import { appendFileSync } from 'node:fs';
    import { createInterface } from 'node:readline';
    appendFileSync('protocol.pids', process.pid + '\\n');
    const say = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
    createInterface({ input: process.stdin }).on('line', (line) => {
      const { id, request } = JSON.parse(line);
      const [what, ms] = request.artifact.split(' ');
      if (what === 'garbage') process.stdout.write('Traceback: not a reply\\n');
      else if (what === 'stray') say({ id: 'no-such-review', reply: 'VERDICT: PASS' });
      else if (what === 'error') say({ id, error: 'model overloaded' });
      else if (what === 'empty') say({ id });
      else setTimeout(() => say({ id, reply: 'Answered ' + request.artifact + '.\\nVERDICT: PASS' }), Number(ms));
    });`,
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'critic-audit-exec-'));
  for (const [name, body] of Object.entries(bodies)) {
    for (const mode of ['oneshot', 'persistent'] as const) await writeFile(join(dir, `${mode}-${name}.mjs`), wrap[mode](body));
  }
  for (const [name, source] of Object.entries(scripts)) await writeFile(join(dir, name), source);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type CreateCritic = typeof createExecCritic;
/** Critics a test started, closed after it so no persistent process outlives its test. */
const started: Critic[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((c) => c.close?.()));
});

function execCritic(create: CreateCritic, script: string, options: { args?: string[]; timeoutMs?: number } = {}): Critic {
  const critic = create({
    name: `exec:${script}`,
    command: [process.execPath, join(dir, script), ...(options.args ?? [])],
    cwd: dir,
    timeoutMs: options.timeoutMs ?? 10_000,
    identity: { provider: 'exec', command: script },
  });
  started.push(critic);
  return critic;
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

/** The process is gone, or goes within 10 s: a killed one goes at once, once this process has reaped it, however busy the machine. */
async function expectExited(pid: number): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (isAlive(pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(isAlive(pid)).toBe(false);
}

/**
 * The pid a script wrote to a file in the working directory, once it is there:
 * the file exists a moment before its content does, and `Number('')` is 0,
 * which `process.kill(0, 0)` reads as this process group, alive.
 */
async function pidIn(file: string): Promise<number> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const text = await readFile(join(dir, file), 'utf8').catch(() => '');
    if (/^[1-9]\d*$/.test(text)) return Number(text);
    if (performance.now() > deadline) throw new Error(`${file} holds no pid after 10 s: ${JSON.stringify(text)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The processes a script started: it appends its pid to the file. */
async function processStarts(file: string): Promise<string[]> {
  return (await readFile(join(dir, file), 'utf8')).trim().split('\n');
}

const modes = [
  { mode: 'oneshot', create: createExecCritic, crashRetryable: false, attemptsWhenEveryProcessFails: 1 },
  // A process that dies takes every review in flight on it down, most of them blameless: those are retried, on a new
  // process, until the third process in a row has died before answering anything.
  { mode: 'persistent', create: createPersistentExecCritic, crashRetryable: true, attemptsWhenEveryProcessFails: 3 },
] as const;

describe.each(modes)('an exec critic in $mode mode, with a real child process', ({ mode, create, crashRetryable, attemptsWhenEveryProcessFails }) => {
  const script = (name: string) => `${mode}-${name}.mjs`;

  it('writes {id, request, messages} to stdin, never the condition, and returns the reply', async () => {
    for (const condition of ['prior-pass', 'with-trace'] as const) {
      const job = jobUnder(condition);
      const reply = await review(execCritic(create, script('record'), { args: ['--strict'] }), job);
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

  it(`fails ${crashRetryable ? '' : 'non-'}retryably when the critic exits non-zero, quoting stderr`, async () => {
    const err = await failure(review(execCritic(create, script('fail')), jobUnder('clean')));
    expect(err.retryable).toBe(crashRetryable);
    expect(err.message).toMatch(/code 3/);
    expect(err.message).toContain('model unavailable: out of credits');
  });

  it('quotes the error a crashing Node critic threw and where, not the tail of its stack', async () => {
    const err = await failure(review(execCritic(create, script('throws')), jobUnder('blind')));
    expect(err.message).toMatch(/^exec critic exited with code 1: TypeError: Cannot read properties of undefined \(reading 'map'\) \(at answer \(file:\/\/\S+throws\S*\.mjs:\d+:\d+\)\)$/);
  });

  it('fails a review that hangs at timeoutMs, non-retryably, and the process is gone once the critic is closed', async () => {
    await rm(join(dir, 'hang.pid'), { force: true });
    const critic = execCritic(create, script('hang'), { timeoutMs: 1_000 });
    const err = await failure(review(critic, jobUnder('clean')));
    expect(err.retryable).toBe(false);
    // Said by the timer timeoutMs armed (an unarmed one leaves the review hanging, failing the spec at its own timeout).
    expect(err.message).toMatch(/^exec critic timed out after 1000 ms/);
    const pid = await pidIn('hang.pid');
    await critic.close?.();
    await expectExited(pid);
  });

  it('ends the review when the call signal fires', async () => {
    const err = await failure(review(execCritic(create, script('hang')), jobUnder('clean'), AbortSignal.timeout(300)));
    expect(err.retryable).toBe(false);
    // The signal's timeout, not the critic's own (10 s), which says "timed out after 10000 ms".
    expect(err.message).toBe('exec critic timed out');

    const controller = new AbortController();
    const pending = failure(review(execCritic(create, script('hang')), jobUnder('clean'), controller.signal));
    setTimeout(() => controller.abort(), 100);
    expect((await pending).message).toBe('exec critic aborted');
  });

  it('fails non-retryably, naming the program, when the command does not exist', async () => {
    const critic = create({ name: 'missing', command: [join(dir, 'no-such-critic')], cwd: dir, timeoutMs: 5_000, identity: { provider: 'exec' } });
    started.push(critic);
    const err = await failure(review(critic, jobUnder('clean')));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain(`failed to run ${join(dir, 'no-such-critic')}`);
    expect(err.message).toMatch(/ENOENT/);
  });

  it('passes a request of several megabytes whole', async () => {
    const job = jobUnder('clean', { artifact: 'Employees may carry over leave. '.repeat(100_000) });
    const reply = await review(execCritic(create, script('size')), job);
    expect(reply.text).toBe(`Read ${JSON.stringify({ id: job.reviewId, request: job.request, messages: job.messages }).length} characters.\nVERDICT: PASS\n`);
  });

  it('fails a critic that floods stdout past the reply limit, and kills it', async () => {
    const err = await failure(review(execCritic(create, script('flood')), jobUnder('clean')));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/more than \d+ bytes/);
    await expectExited(await pidIn('flood.pid'));
  });

  it('garbage in the reply becomes a no-verdict result in the scheduler, not an error or a verdict', async () => {
    const results: ReviewResult[] = [];
    const jobs = [jobUnder('clean'), jobUnder('prior-fail')];
    await runReviews(execCritic(create, script('garbage')), jobs, { concurrency: 2, retries: 2, timeoutMs: 10_000, backoffBaseMs: 1, onResult: (r) => results.push(r) });
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(r).toMatchObject({ outcome: 'no-verdict', verdict: null, error: null, attempts: 1, usage: null });
      expect(r.reply).toContain('{not json');
    }
    expect(results.map((r) => r.condition).sort()).toEqual(['clean', 'prior-fail']);
  });

  it(`a critic that always exits non-zero is recorded as one error after ${attemptsWhenEveryProcessFails} attempt(s), quoting stderr`, async () => {
    const results: ReviewResult[] = [];
    await runReviews(execCritic(create, script('fail')), [jobUnder('clean')], { concurrency: 1, retries: 5, timeoutMs: 10_000, backoffBaseMs: 1, onResult: (r) => results.push(r) });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ outcome: 'error', verdict: null, reply: null, attempts: attemptsWhenEveryProcessFails });
    expect(results[0]!.error).toContain('out of credits');
  });
});

describe('an exec critic in oneshot mode', () => {
  it('accepts the reply of a critic that exits without reading a large stdin', async () => {
    const job = jobUnder('clean', { artifact: 'Employees may carry over leave. '.repeat(100_000) });
    const reply = await review(execCritic(createExecCritic, 'oneshot-rude.mjs'), job);
    expect(reply.text).toBe('Did not read a thing.\nVERDICT: PASS\n');
  });
});

describe('an exec critic in persistent mode (JSON Lines)', () => {
  /** Jobs with distinct review ids: one per item. */
  const jobsFor = (artifacts: string[]) => artifacts.map((artifact, i) => jobUnder('clean', { id: `item-${i}`, artifact }));

  it('keeps several reviews in flight on one process and matches replies that come back out of order', async () => {
    await rm(join(dir, 'batch.pids'), { force: true });
    const critic = execCritic(createPersistentExecCritic, 'persistent-batch.mjs');
    const jobs = jobsFor(['a', 'b', 'c']);
    const answered: string[] = [];
    const replies = await Promise.all(jobs.map((job) => review(critic, job).then((reply) => (answered.push(job.reviewId), reply))));
    replies.forEach((reply, i) => expect(reply.text).toBe(`Reviewed ${jobs[i]!.reviewId}.\nVERDICT: PASS`));
    expect(answered).toEqual(jobs.map((j) => j.reviewId).reverse());
    expect(await processStarts('batch.pids')).toHaveLength(1);
  });

  it('fails the review in flight when the process dies, naming the exit, and the next review starts a new process', async () => {
    await rm(join(dir, 'crash.pids'), { force: true });
    const critic = execCritic(createPersistentExecCritic, 'persistent-crash.mjs');
    const [first, second, third, fourth, fifth] = jobsFor(['1', '2', '3', '4', '5']);
    expect((await review(critic, first!)).text).toBe('VERDICT: PASS');
    expect((await review(critic, second!)).text).toBe('VERDICT: PASS');
    const err = await failure(review(critic, third!));
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('exec critic exited with code 7: crashed on the third request');
    expect((await review(critic, fourth!)).text).toBe('VERDICT: PASS');
    expect((await review(critic, fifth!)).text).toBe('VERDICT: PASS');
    const pids = await processStarts('crash.pids');
    expect(pids).toHaveLength(2);
    expect(new Set(pids).size).toBe(2);
  });

  it('the scheduler re-sends a review the crash took down, and it succeeds on the new process', async () => {
    await rm(join(dir, 'crash.pids'), { force: true });
    const results: ReviewResult[] = [];
    const jobs = jobsFor(['1', '2', '3', '4', '5', '6', '7']);
    await runReviews(execCritic(createPersistentExecCritic, 'persistent-crash.mjs'), jobs, { concurrency: 1, retries: 1, timeoutMs: 10_000, backoffBaseMs: 1, onResult: (r) => results.push(r) });
    // Process 1 answers 1 and 2 and dies on 3; process 2 answers 3 (retried) and 4 and dies on 5; and so on. Processes
    // that answered before dying are restarted however many die.
    expect(results.map((r) => [r.outcome, r.attempts])).toEqual([
      ['verdict', 1],
      ['verdict', 1],
      ['verdict', 2],
      ['verdict', 1],
      ['verdict', 2],
      ['verdict', 1],
      ['verdict', 2],
    ]);
    expect(await processStarts('crash.pids')).toHaveLength(4);
  });

  it('a persistent critic run as oneshot is told to set mode: persistent; a persistent one that never flushes, to flush', async () => {
    const oneshot = await failure(review(execCritic(createExecCritic, 'persistent-crash.mjs'), jobsFor(['1'])[0]!));
    expect(oneshot.message).toBe('exec critic answered with a JSON Lines reply ({"id", "reply"}), the persistent protocol: set mode: persistent on this critic');
    const silent = execCritic(createPersistentExecCritic, 'persistent-hang.mjs', { timeoutMs: 300 });
    expect((await failure(review(silent, jobsFor(['1'])[0]!))).message).toBe(
      'exec critic timed out after 300 ms with no reply line for this review (does it flush stdout after each line, e.g. print(..., flush=True)?)',
    );
    await silent.close?.();
  });

  it('fails only the review whose input crashes every process it reaches, and goes on with the others', async () => {
    await rm(join(dir, 'poison.pids'), { force: true });
    const results: ReviewResult[] = [];
    const jobs = jobsFor(['1', 'poison', '3', '4', '5']);
    await runReviews(execCritic(createPersistentExecCritic, 'persistent-poison.mjs'), jobs, { concurrency: 1, retries: 5, timeoutMs: 10_000, backoffBaseMs: 1, onResult: (r) => results.push(r) });
    expect(results.map((r) => [r.outcome, r.attempts])).toEqual([
      ['verdict', 1],
      ['error', 2],
      ['verdict', 1],
      ['verdict', 1],
      ['verdict', 1],
    ]);
    expect(results[1]!.error).toBe("exec critic exited with code 9: segfault in the tokenizer (the critic's process ended twice with only this review in flight: not sent again)");
    expect(await processStarts('poison.pids')).toHaveLength(3);
  });

  it('stops restarting a critic whose processes die before answering: each later review fails at once with the cause', async () => {
    await rm(join(dir, 'dead.pids'), { force: true });
    const results: ReviewResult[] = [];
    const jobs = jobsFor(['1', '2', '3']);
    await runReviews(execCritic(createPersistentExecCritic, 'persistent-dead.mjs'), jobs, { concurrency: 1, retries: 5, timeoutMs: 10_000, backoffBaseMs: 1, onResult: (r) => results.push(r) });
    expect(results.map((r) => [r.outcome, r.attempts])).toEqual([
      ['error', 3],
      ['error', 1],
      ['error', 1],
    ]);
    for (const r of results) expect(r.error).toBe("exec critic exited with code 1: ModuleNotFoundError: No module named 'torch' (its last 3 processes ended before answering a review: not restarted)");
    expect(await processStarts('dead.pids')).toHaveLength(3);
  });

  it('a timeout ends only its own review; the late reply is dropped and the process goes on', async () => {
    await rm(join(dir, 'protocol.pids'), { force: true });
    const critic = execCritic(createPersistentExecCritic, 'persistent-protocol.mjs');
    const [late, slow, next] = jobsFor(['after 400', 'after 800', 'after 0']);
    const cut = failure(review(critic, late!, AbortSignal.timeout(150)));
    const answered = review(critic, slow!);
    expect((await cut).message).toBe('exec critic timed out');
    // The late reply arrives while the slow review is still in flight: it must not be taken for a stray id.
    expect((await answered).text).toBe('Answered after 800.\nVERDICT: PASS');
    expect((await review(critic, next!)).text).toBe('Answered after 0.\nVERDICT: PASS');
    expect(await processStarts('protocol.pids')).toHaveLength(1);
  });

  it('a line that is not a JSON reply, or a reply to an id not in flight, fails every review in flight, naming it; the process goes on', async () => {
    await rm(join(dir, 'protocol.pids'), { force: true });
    const critic = execCritic(createPersistentExecCritic, 'persistent-protocol.mjs');
    for (const [what, message] of [
      ['garbage', 'exec critic wrote a line that is not a JSON reply with a string "id": "Traceback: not a reply"'],
      ['stray', 'exec critic replied to id "no-such-review", which is not a review in flight'],
    ] as const) {
      const [bystander, culprit, next] = jobsFor(['after 300', what, 'after 700']);
      const failures = [failure(review(critic, bystander!)), failure(review(critic, culprit!))];
      for (const err of await Promise.all(failures)) {
        expect(err.message).toBe(message);
        expect(err.retryable).toBe(false);
      }
      // The bystander's reply comes after it failed, while the next review is in flight: it is dropped, not taken for a stray.
      expect((await review(critic, next!)).text).toBe('Answered after 700.\nVERDICT: PASS');
    }
    expect(await processStarts('protocol.pids')).toHaveLength(1);
  });

  it('a reply with an "error", or with neither "reply" nor "error", fails that review only', async () => {
    const critic = execCritic(createPersistentExecCritic, 'persistent-protocol.mjs');
    const [bystander, reported, empty] = jobsFor(['after 200', 'error', 'empty']);
    const answered = review(critic, bystander!);
    expect((await failure(review(critic, reported!))).message).toBe('exec critic reported an error: model overloaded');
    expect((await failure(review(critic, empty!))).message).toBe('exec critic answered without a "reply" string (or an "error" string)');
    expect((await answered).text).toBe('Answered after 200.\nVERDICT: PASS');
  });

  it('close() kills the process and fails the reviews in flight; a later review starts a new one', async () => {
    await rm(join(dir, 'hang.pid'), { force: true });
    await rm(join(dir, 'hang.signal'), { force: true });
    const critic = execCritic(createPersistentExecCritic, 'persistent-hang.mjs');
    const pending = failure(review(critic, jobUnder('clean')));
    const pid = await pidIn('hang.pid');
    await critic.close!();
    // Ended by SIGTERM (the script wrote it down), not by the SIGKILL that follows 2 s later for a process that ignores it.
    expect(await readFile(join(dir, 'hang.signal'), 'utf8').catch(() => 'no hang.signal: not SIGTERM')).toBe('SIGTERM');
    expect((await pending).message).toBe('exec critic was closed with this review in flight');
    // close() resolves on the process's 'close' event: by then it has exited and been reaped, so no polling here.
    expect(isAlive(pid)).toBe(false);

    const next = execCritic(createPersistentExecCritic, 'persistent-record.mjs');
    expect((await review(next, jobUnder('clean'))).text).toBe('The carry-over rule is inverted.\nVERDICT: FAIL\n');
  });

  // The review's timer (timeoutMs 10 minutes) and the process are all that could keep that node running once it has printed
  // the reply: a node kept running by either outlives the 60 s it is given and is killed, and execFileSync throws. One that
  // exits by itself takes a second or two of CPU, which even a busy machine gives it well within those 60 s.
  it('a process never closed does not keep node running (run in a fresh node, against the build)', { timeout: 90_000 }, () => {
    const module = pathToFileURL(join(PACKAGE_ROOT, 'dist/src/reviews/providers/execPersistent.js')).href;
    const script = `
      const { createPersistentExecCritic } = await import(${JSON.stringify(module)});
      const critic = createPersistentExecCritic({ name: 'c', command: [process.execPath, ${JSON.stringify(join(dir, 'persistent-record.mjs'))}], cwd: ${JSON.stringify(dir)}, timeoutMs: 600000, identity: { provider: 'exec' } });
      const request = { task: 't', artifact: 'a', evidence: [], rubric: 'r' };
      console.log((await critic.review({ reviewId: 'r', request, messages: [], signal: new AbortController().signal })).text.trim());`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 })).toContain('VERDICT: FAIL');
  });
});
