import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit.js';
import { loadConfig } from '../../src/config/load.js';
import type { ReviewItem } from '../../src/requests/items.js';
import { reviewJobs } from '../../src/requests/jobs.js';
import type { Critic } from '../../src/reviews/critic.js';
import { createCritic } from '../../src/reviews/providers/index.js';
import { runReviews } from '../../src/reviews/schedule.js';
import type { ReviewResult } from '../../src/reviews/types.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { conditionsOf } from '../../src/requests/conditions/index.js';

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const leave = {
  fixtureId: 'leave',
  cluster: 'leave',
  kind: 'text',
  task: 'Summarise the carry-over rule.',
  evidence: [{ id: 'HR-7', text: 'Staff may carry over at most 5 days of unused leave.' }],
  trace: 'Copied the limit from HR-7.',
} as const;
const items: ReviewItem[] = [
  { ...leave, id: 'leave', role: 'original', artifact: 'Staff may carry over up to 5 days.', evidence: [...leave.evidence] },
  { ...leave, id: 'leave~number-flip-1', role: 'mutant', mutator: 'number-flip', artifact: 'Staff may carry over up to 8 days.', evidence: [...leave.evidence] },
];

/** The example as examples/README.md wires it: an exec critic in persistent mode, built from a config file. */
function exampleCritic(command: string[]): Critic {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-examples-'));
  mkdirSync(join(dir, 'suite'));
  writeFileSync(join(dir, 'suite', 'a.yaml'), 'fixtures:\n  - id: f\n    kind: text\n    task: t\n    artifact: Staff get 5 days.\n    evidence: [{id: e, text: Staff get 5 days.}]\n');
  writeFileSync(join(dir, 'critic.config.yaml'), `fixtures: [suite]\ncritic: {name: example, provider: exec, mode: persistent, command: ${JSON.stringify(command)}}\n`);
  const config = loadConfig(join(dir, 'critic.config.yaml'));
  return createCritic(config.critics[0]!, config);
}

const critics: Critic[] = [];
afterEach(async () => {
  await Promise.all(critics.splice(0).map((c) => c.close?.()));
});

describe.each([
  { example: 'persistent-critic.mjs', command: [process.execPath, join(PACKAGE_ROOT, 'examples/persistent-critic.mjs')], skip: false },
  { example: 'persistent-critic.py', command: ['python3', join(PACKAGE_ROOT, 'examples/persistent-critic.py')], skip: !hasPython },
])('examples/$example through the real exec critic, persistent mode', ({ command, skip }) => {
  it.skipIf(skip)('passes the original and fails the number-flipped mutant under every condition', async () => {
    const critic = exampleCritic(command);
    critics.push(critic);
    const results: ReviewResult[] = [];
    const jobs = [...reviewJobs(items, { conditions: conditionsOf(['clean', 'with-trace', 'prior-pass', 'prior-fail']), rubricFor: () => 'Check every number.', template: '{{artifact}}' })];
    await runReviews(critic, jobs, { concurrency: 4, retries: 0, timeoutMs: 20_000, onResult: (r) => results.push(r) });
    expect(results).toHaveLength(8);
    for (const r of results) {
      expect(r.outcome).toBe('verdict');
      expect(r.attempts).toBe(1);
      expect(r.verdict).toBe(r.itemId === 'leave' ? 'PASS' : 'FAIL');
    }
    expect(results.find((r) => r.verdict === 'FAIL')!.reply).toBe('Not in the evidence: 8.\nVERDICT: FAIL\n');
  });
});

describe('a run with a persistent critic', () => {
  it('ends the critic process when its reviews are done, even one that ignores the end of its input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'critic-audit-persistent-run-'));
    writeFileSync(
      join(dir, 'stubborn.mjs'),
      `
      import { appendFileSync } from 'node:fs';
      import { createInterface } from 'node:readline';
      appendFileSync('pids', process.pid + '\\n');
      setInterval(() => {}, 1000); // stays up after stdin ends: only a signal ends it
      createInterface({ input: process.stdin }).on('line', (line) => process.stdout.write(JSON.stringify({ id: JSON.parse(line).id, reply: 'VERDICT: PASS' }) + '\\n'));`,
    );
    writeFileSync(
      join(dir, 'critic.config.yaml'),
      `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'))}]\nconditions: [clean]\nmutantsPerFixture: 2\ncritic: {name: stubborn, provider: exec, mode: persistent, command: [${JSON.stringify(process.execPath)}, stubborn.mjs]}\n`,
    );
    const outcome = await runAudit(loadConfig(join(dir, 'critic.config.yaml')), { outDir: join(dir, 'out'), cache: false });
    outcome.store.close();
    expect(outcome.status.complete).toBe(true);
    const pids = readFileSync(join(dir, 'pids'), 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(1);
    // runAudit has awaited the critic's close(): the process is gone, not left behind.
    expect(() => process.kill(pids[0]!, 0)).toThrow(/ESRCH/);
  });
});
