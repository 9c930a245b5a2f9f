import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { loadFixtures } from '../../src/fixtures/load.js';
import { requestDigest } from '../../src/requests/sealed.js';
import type { CriticRequest } from '../../src/requests/types.js';
import { RunStore } from '../../src/results/store.js';
import type { ReviewResult } from '../../src/reviews/types.js';
import { fisherExact } from '../../src/statistics/fisher.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI.js';

/**
 * Bounded review loops (`loop:`) against scripted critics of known behaviour
 * (test/support/loop-critic.mjs): each catches every mutant in its clean
 * review; one accepts whatever is submitted after that, the other reviews each
 * submitted version as it reviewed the first. What they were sent is read from
 * their own logs, not from the harness, and the figures are compared with what
 * each was built to do, exactly. Then a run killed mid-loop and resumed, and a
 * loopback OpenAI critic that reports its tokens, rerun from the cache.
 */
const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'loop-critic.mjs');
const POLICY = join(PACKAGE_ROOT, 'fixtures', 'policy');
const ROUNDS = 4;
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-loops-'));
const policy = loadFixtures([POLICY]);
const ORIGINALS = join(dir, 'originals.json');
writeFileSync(ORIGINALS, JSON.stringify(policy.flatMap((f) => [f.artifact, ...f.variants.map((v) => v.artifact)])));

const critic = (name: string, mode: string, extra: string[] = []) =>
  `  - {name: ${name}, provider: exec, mode: persistent, command: ${JSON.stringify([process.execPath, SCRIPT, ORIGINALS, mode, ...extra])}}`;
const config = (critics: string[], more = '') => `fixtures: [${JSON.stringify(POLICY)}]
mutators: [number-flip]
mutantsPerFixture: 2
conditions: [clean]
loop: {rounds: ${ROUNDS}, falseFixShare: 0.5}
${more}critics:
${critics.join('\n')}
`;

function argsFor(name: string, text: string, extra: string[] = ['--no-cache']): string[] {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, text);
  return ['run', '--config', file, '--out', join(dir, name), ...extra];
}
/** Each spec's critics log what they are sent to a folder of its own (loop-critic.mjs: LOOP_CRITIC_LOGS/MODE.log). */
const logs = (name: string) => {
  const folder = join(dir, `logs-${name}`);
  mkdirSync(folder, { recursive: true });
  return { GITHUB_STEP_SUMMARY: '', LOOP_CRITIC_LOGS: folder };
};
const env = { GITHUB_STEP_SUMMARY: '' };
const reportOf = (name: string) => JSON.parse(readFileSync(join(dir, name, 'report.json'), 'utf8'));

function storeOf(name: string) {
  const store = RunStore.open(join(dir, name));
  try {
    return { rows: [...store.results()], mutants: [...store.mutants()] };
  } finally {
    store.close();
  }
}

interface Logged {
  id: string;
  round: number;
  pid: number;
  request: CriticRequest;
}
const logOf = (spec: string, mode: string): Logged[] =>
  readFileSync(join(dir, `logs-${spec}`, `${mode}.log`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/**
 * Each loop as the critic saw it: the mutant (its own id and fixture), and the
 * artifact it was sent in each round after the first, from its log. A stored
 * round names the review the critic answered by its opaque id.
 */
function loopsSeen(name: string, criticName: string, mode: string) {
  const { rows, mutants } = storeOf(name);
  const sent = new Map(logOf(name, mode).map((l) => [l.id, l]));
  const mine = rows.filter((r) => r.critic === criticName);
  const mutantById = new Map(mutants.map((m) => [m.id, m]));
  const loops = mutants
    .filter((m) => mine.some((r) => r.itemId === m.id && r.condition === 'clean' && r.verdict === 'FAIL'))
    .map((m) => {
      const rounds = mine
        .filter((r) => r.itemId === m.id && r.condition.startsWith('loop-round-'))
        .map((r) => ({ row: r, seen: sent.get(r.reviewId)! }))
        .sort((a, b) => a.seen.round - b.seen.round);
      const fixture = policy.find((f) => f.id === m.fixtureId)!;
      const falseFix = rounds.length > 0 && rounds[0]!.seen.request.artifact !== fixture.artifact;
      return { mutant: m, fixture, rounds, falseFix };
    });
  return { loops, mutants, mutantById, rows: mine };
}

/** The version each stored round reviewed is the one its digest names: the request the critic was sent hashes to it, and it carries that round's summary. */
function expectDigestsName(rounds: Array<{ row: ReviewResult; seen: Logged }>) {
  for (const { row, seen } of rounds) {
    expect(row.requestDigest).toBe(requestDigest(seen.request));
    expect(seen.request.round_summary).toMatch(new RegExp(`^Round ${seen.round} of ${ROUNDS}\\. `));
    expect(row.condition).toBe(`loop-round-${seen.round}`);
  }
}

let server: FakeOpenAI | undefined;
afterAll(() => server?.close());

describe('bounded review loops', { timeout: 180_000 }, () => {
  it('matches the scripted critics: one accepts any fix after one round (every false fix accepted), one re-checks (none accepted, each hits the cap), with the exact test', async () => {
    const r = await runCliAsProcess(argsFor('two', config([critic('gullible', 'accepts-after-one-round'), critic('checker', 're-checks')])), { env: logs('two') });
    expect(r.code, r.stderr).toBe(0);
    const report = reportOf('two');

    const gullible = loopsSeen('two', 'gullible', 'accepts-after-one-round');
    const checker = loopsSeen('two', 'checker', 're-checks');
    // Both catch every mutant in their clean review: every mutant loops, and half of them (rounded) were drawn for a false fix.
    const n = gullible.mutants.length;
    expect(n).toBeGreaterThan(8);
    expect(gullible.loops).toHaveLength(n);
    expect(checker.loops).toHaveLength(n);
    const falseFixes = gullible.loops.filter((l) => l.falseFix).length;
    const g = report.critics.gullible.loop;
    const c = report.critics.checker.loop;
    expect(g.falseFix.loops + g.noSecondMutant.loops).toBe(Math.round(0.5 * n));
    // The same draw for both critics: the same mutants got false fixes.
    expect(checker.loops.filter((l) => l.falseFix).map((l) => l.mutant.id)).toEqual(gullible.loops.filter((l) => l.falseFix).map((l) => l.mutant.id));

    // What each false fix was: another verified mutant of the same fixture; a true fix is the fixture's own artifact.
    for (const { mutant, fixture, rounds, falseFix } of [...gullible.loops, ...checker.loops]) {
      expectDigestsName(rounds);
      for (const { seen } of rounds) {
        if (!falseFix) expect(seen.request.artifact).toBe(fixture.artifact);
        else {
          const versions = gullible.mutants.filter((m) => m.fixtureId === mutant.fixtureId && m.id !== mutant.id).map((m) => m.artifact);
          expect(versions).toContain(seen.request.artifact);
        }
      }
    }

    // accepts-after-one-round: one more round per loop, accepted; every false fix accepted.
    expect(gullible.loops.every((l) => l.rounds.length === 1 && l.rounds[0]!.row.verdict === 'PASS')).toBe(true);
    const trueFixes = n - falseFixes - g.noSecondMutant.loops;
    expect(g).toMatchObject({
      rounds: ROUNDS,
      loops: n,
      hitCap: 0,
      falseFix: { loops: falseFixes, accepted: { count: falseFixes, rate: 1 }, hitCap: 0, unfinished: 0 },
      trueFix: { loops: trueFixes, accepted: { count: trueFixes }, hitCap: 0 },
      tokens: { total: null, perLoop: null },
    });
    expect(g.falseFix.acceptedByRound).toEqual([2, 3, 4].map((round) => ({ round, count: falseFixes })));
    expect(g.trueFix.acceptedByRound).toEqual([2, 3, 4].map((round) => ({ round, count: trueFixes })));
    expect(g.falseVsTrue).toEqual({ test: 'fisher-exact', p: 1 });

    // re-checks: a true fix is accepted at round 2; a false fix is rejected every round up to the cap.
    for (const l of checker.loops) {
      if (l.falseFix) expect(l.rounds.map((r) => [r.seen.round, r.row.verdict])).toEqual([2, 3, 4].map((round) => [round, 'FAIL']));
      else expect(l.rounds.map((r) => [r.seen.round, r.row.verdict])).toEqual([[2, 'PASS']]);
    }
    expect(c).toMatchObject({
      loops: n,
      hitCap: falseFixes,
      falseFix: { loops: falseFixes, accepted: { count: 0, rate: 0 }, hitCap: falseFixes },
      trueFix: { loops: trueFixes, accepted: { count: trueFixes, rate: 1 }, hitCap: 0 },
    });
    expect(c.falseFix.acceptedByRound).toEqual([2, 3, 4].map((round) => ({ round, count: 0 })));
    expect(c.trueFix.acceptedByRound).toEqual([2, 3, 4].map((round) => ({ round, count: trueFixes })));
    expect(c.falseVsTrue.p).toBe(fisherExact(0, falseFixes, trueFixes, trueFixes));
    expect(c.falseVsTrue.p).toBeLessThan(0.001);

    // A drawn false fix with no second mutant in its fixture was a true fix, counted apart.
    const single = new Set(policy.filter((f) => gullible.mutants.filter((m) => m.fixtureId === f.id).length === 1).map((f) => f.id));
    expect(gullible.loops.filter((l) => single.has(l.fixture.id)).every((l) => !l.falseFix)).toBe(true);

    // loop.jsonl: per loop, each round's version, named by id, is the artifact the critic was sent under that request digest.
    const records = readFileSync(join(dir, 'two', 'loop.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records).toHaveLength(2 * n);
    const artifactOf = (id: string) => policy.find((f) => f.id === id)?.artifact ?? gullible.mutantById.get(id)!.artifact;
    const sentByDigest = new Map([...logOf('two', 'accepts-after-one-round'), ...logOf('two', 're-checks')].map((l) => [requestDigest(l.request), l.request]));
    for (const record of records) {
      expect(record.rounds[0]).toMatchObject({ round: 1, version_id: record.item_id, version: 'defect', verdict: 'FAIL' });
      for (const round of record.rounds) expect(sentByDigest.get(round.request_digest)!.artifact).toBe(artifactOf(round.version_id));
      expect(record.outcome).toBe(record.critic === 'checker' && record.fix === 'false' ? 'hit-cap' : 'accepted');
      expect(record.rounds.map((r: { version: string }) => r.version).slice(1)).toEqual(
        Array(record.critic === 'checker' && record.fix === 'false' ? ROUNDS - 1 : 1).fill(record.fix === 'false' ? 'false-fix' : 'true-fix'),
      );
    }

    const md = readFileSync(join(dir, 'two', 'report.md'), 'utf8');
    expect(md).toContain(`### Review loops: fixes accepted within ${ROUNDS} rounds`);
    expect(md).toContain(`| false (another mutant) | ${falseFixes} | 0 (0% `);
    expect(readFileSync(join(dir, 'two', 'report.html'), 'utf8')).toContain(`${falseFixes} of ${falseFixes} false fixes accepted`);
    expect(r.stdout).toContain(`review loops (cap ${ROUNDS} rounds): false fixes accepted 0 of ${falseFixes}, true fixes accepted ${trueFixes} of ${trueFixes}`);
  });

  it('resumes a loop killed mid-round (SIGKILL) to one result per round and the report of an uninterrupted run', async () => {
    const whole = await runCliAsProcess(argsFor('whole', config([critic('checker', 're-checks')])), { env: logs('whole') });
    expect(whole.code, whole.stderr).toBe(0);
    const killedEnv = logs('killed');
    const killed = spawnSync(process.execPath, [BIN, ...argsFor('killed', config([critic('checker', 're-checks', ['--kill-at-round', '3'])]))], {
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0', ...killedEnv },
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(join(dir, 'logs-killed', 're-checks.log.kill-marker'))).toBe(true);
    const before = storeOf('killed').rows;
    expect(before.some((r) => r.condition === 'loop-round-2')).toBe(true);
    expect(before.some((r) => r.condition === 'loop-round-3')).toBe(false);
    const resumed = await runCliAsProcess(['run', '--config', join(dir, 'killed.yaml'), '--no-cache', '--resume', join(dir, 'killed')], { env: killedEnv });
    expect(resumed.code, resumed.stderr).toBe(0);
    const rows = storeOf('killed').rows;
    expect(new Set(rows.map((r) => `${r.itemId}|${r.condition}|${r.repeat}`)).size).toBe(rows.length);
    expect(rows.map((r) => [r.itemId, r.condition, r.requestDigest, r.verdict]).sort()).toEqual(
      storeOf('whole')
        .rows.map((r) => [r.itemId, r.condition, r.requestDigest, r.verdict])
        .sort(),
    );
    // The resume's critic (a process of its own; the killed run's may still be answering its last requests into a closed pipe)
    // was sent exactly the reviews not stored before it: nothing already stored was sent again.
    const killedPid = logOf('killed', 're-checks')[0]!.pid;
    const resumedIds = logOf('killed', 're-checks')
      .filter((l) => l.pid !== killedPid)
      .map((l) => l.id);
    expect(resumedIds.sort()).toEqual(
      rows
        .filter((r) => !before.some((b) => b.reviewId === r.reviewId))
        .map((r) => r.reviewId)
        .sort(),
    );
    const strip = (report: any) => ({ ...report.critics.checker, verdicts: { ...report.critics.checker.verdicts, retries: 0 } });
    expect(strip(reportOf('killed'))).toEqual(strip(reportOf('whole')));
    expect(readFileSync(join(dir, 'killed', 'loop.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'whole', 'loop.jsonl'), 'utf8'));
    expect(reportOf('killed').critics.checker.loop.falseFix.hitCap).toBeGreaterThan(0);
    // `report DIR` rebuilds the same figures and loop.jsonl from the store, without the critic.
    const loopJsonl = readFileSync(join(dir, 'killed', 'loop.jsonl'), 'utf8');
    const rebuilt = await runCliAsProcess(['report', join(dir, 'killed')], { env: killedEnv });
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(strip(reportOf('killed'))).toEqual(strip(reportOf('whole')));
    expect(readFileSync(join(dir, 'killed', 'loop.jsonl'), 'utf8')).toBe(loopJsonl);
  });

  it('plans the example config of the docs (examples/review-loop.yaml): the dry run says the loop rounds are not in its counts', async () => {
    const example = join(PACKAGE_ROOT, 'examples', 'review-loop.yaml');
    expect(loadConfig(example).loop).toEqual({ rounds: 5, falseFixShare: 0.3 });
    const dry = await runCliAsProcess(['run', '--config', example, '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('review loop: up to 5 rounds for each mutant a critic rejects, 30% of the mutants given false fixes; rounds after the first are not in the counts or the cost below');
  });

  it('counts the tokens a loop took from the provider, and a rerun from the cache sends nothing and reports the same', async () => {
    const originals = new Set(policy.map((f) => f.artifact.trimEnd()));
    server = await startFakeOpenAI((body) => {
      const user = body.messages!.find((m) => m.role === 'user')!.content;
      const correct = [...originals].some((a) => user.includes(a));
      return { kind: 'completion', content: `VERDICT: ${correct ? 'PASS' : 'FAIL'}`, usage: { prompt_tokens: 100, completion_tokens: 10 } };
    });
    const text = config([`  - {name: hosted, provider: openai, model: m, baseURL: ${JSON.stringify(server.baseURL)}}`]);
    const first = await runCliAsProcess(argsFor('hosted', text, []), { env });
    expect(first.code, first.stderr).toBe(0);
    const sent = server.requests.length;
    const loop = reportOf('hosted').critics.hosted.loop;
    // A true fix takes two rounds (110 tokens each); a false fix, every round up to the cap.
    expect(loop.trueFix.tokens.perLoop).toBe(220);
    expect(loop.falseFix.tokens).toEqual({ total: loop.falseFix.loops * 110 * ROUNDS, perLoop: 110 * ROUNDS });
    expect(loop.tokens.total).toBe(110 * (2 * (loop.trueFix.loops + loop.noSecondMutant.loops) + ROUNDS * loop.falseFix.loops));
    expect(sent).toBe(storeOf('hosted').rows.length);

    const again = await runCliAsProcess(argsFor('hosted-again', text, []), { env });
    expect(again.code, again.stderr).toBe(0);
    expect(server.requests.length).toBe(sent);
    expect(reportOf('hosted-again').critics.hosted.loop).toEqual(loop);
    expect(reportOf('hosted-again').critics.hosted.verdicts.cached).toBe(sent);
  });
});
