import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewItems } from '../../test/support/reviewItems.js';
import { textFixture } from '../../test/support/textFixture.js';
import { reviewJobs } from '../requests/jobs.js';
import { ReplyCache } from './cache.js';
import type { Critic } from './critic.js';
import { replyVerdict, runReviews, type ScheduleOptions } from './schedule.js';
import { evidenceCorpora } from '../requests/corpus.js';
import type { ReviewResult } from './types.js';
import { GRAMMARS, type VerdictGrammar } from './verdicts/index.js';
import { conditionsOf } from '../requests/conditions/index.js';

/** A second grammar, only for this spec: "Decision: REJECT" flags, "Decision: ACCEPT" does not. */
const decision: VerdictGrammar = {
  name: 'decision',
  readsReviews: false,
  perClaim: false,
  parse(reply) {
    const word = /^Decision: (ACCEPT|REJECT)$/m.exec(reply)?.[1];
    return { flagged: word === undefined ? null : word === 'REJECT' };
  },
};

const fixtures = ['a', 'b', 'c'].map((id) => textFixture({ id, artifact: `Leave is 28 days (${id}).`, evidence: 'Leave is 28 days.' }));
const jobs = () => reviewJobs(reviewItems(fixtures, []), { conditions: conditionsOf(['clean']), rubricFor: () => 'R', template: '{{artifact}}' });

/** Answers item a with both grammars' flags, b with a pass-fail FAIL only, c with a decision to accept only. */
function critic(): Critic & { calls: number } {
  const replies: Record<string, string> = { a: 'Decision: REJECT\nVERDICT: PASS', b: 'VERDICT: FAIL', c: 'Decision: ACCEPT' };
  const c = {
    name: 'scripted',
    identity: { provider: 'scripted' },
    calls: 0,
    async review(call: { request: { artifact: string } }) {
      c.calls++;
      return { text: replies[/\((\w)\)/.exec(call.request.artifact)![1]!]! };
    },
  };
  return c;
}

async function verdicts(target: Critic, options: Partial<ScheduleOptions> = {}): Promise<Record<string, [ReviewResult['outcome'], ReviewResult['verdict'], boolean]>> {
  const results: ReviewResult[] = [];
  await runReviews(target, jobs(), { concurrency: 2, retries: 0, timeoutMs: 1000, ...options, onResult: (r) => results.push(r) });
  return Object.fromEntries(results.map((r) => [r.itemId, [r.outcome, r.verdict, r.cached]]));
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the scheduler reads each reply with its critic's grammar", () => {
  it('uses pass-fail by default, and the grammar it is given otherwise, storing the flag as FAIL or PASS', async () => {
    expect(await verdicts(critic())).toEqual({ a: ['verdict', 'PASS', false], b: ['verdict', 'FAIL', false], c: ['no-verdict', null, false] });
    expect(await verdicts(critic(), { grammar: decision })).toEqual({ a: ['verdict', 'FAIL', false], b: ['no-verdict', null, false], c: ['verdict', 'PASS', false] });
  });

  it('reads a cached reply again with the current grammar: the cache keeps the text, keyed without the grammar', async () => {
    dir = mkdtempSync(join(tmpdir(), 'critic-audit-grammar-'));
    const first = ReplyCache.open(dir);
    await verdicts(critic(), { cache: first });
    first.close();
    const second = ReplyCache.open(dir);
    const again = critic();
    expect(await verdicts(again, { cache: second, grammar: decision })).toEqual({ a: ['verdict', 'FAIL', true], b: ['no-verdict', null, true], c: ['verdict', 'PASS', true] });
    second.close();
    expect(again.calls).toBe(0);
  });
});

describe('a per-claim reply of a critic that searched for its evidence', () => {
  it('has its citations checked against its corpus, which it could read, not against a request without evidence', async () => {
    const suite = [textFixture({ id: 'leave', artifact: 'Leave is 28 days.', evidence: 'Every employee gets leave of 28 days.' })];
    const setting = { evidence: 'search' as const, code: 'none' as const, decoys: false, maxCalls: 8 };
    const [job] = [
      ...reviewJobs(reviewItems(suite, []), { conditions: conditionsOf(['clean']), rubricFor: () => 'R', template: '{{artifact}}', claims: true, tools: { setting, corpora: evidenceCorpora(suite) } }),
    ];
    expect(job!.request.evidence).toBeUndefined();
    const cited = 'CLAIM 1: supported "Every employee gets leave of 28 days."\nVERDICT: PASS';
    expect(replyVerdict(cited, job!, GRAMMARS.claims)).toBe('PASS');
    // The same reply to a request that neither carried nor let it search the evidence cites what it could not read.
    expect(replyVerdict(cited, { ...job!, tools: undefined }, GRAMMARS.claims)).not.toBe('PASS');
  });
});
