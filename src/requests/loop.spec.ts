import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/support/scriptedCritic.js';
import { falseFixDraw, loopCondition, loopRoundJobs, loopRoundOf, loopSchedules, mutantLoop, roundSummary } from './loop.js';
import { evidenceCorpora } from './corpus.js';
import { requestDigest } from './sealed.js';

const loop = { rounds: 5, falseFixShare: 0.3 };

describe('the review loop schedule', () => {
  it('draws falseFixShare of the mutants, rounded, the same whatever their order, and another set for another seed', () => {
    const ids = Array.from({ length: 41 }, (_, i) => `m${i}`);
    const drawn = falseFixDraw(ids, loop, 1);
    expect(drawn.size).toBe(12);
    expect([...falseFixDraw([...ids].reverse(), loop, 1)].sort()).toEqual([...drawn].sort());
    expect([...falseFixDraw(ids, loop, 2)].sort()).not.toEqual([...drawn].sort());
    expect(falseFixDraw(ids, { ...loop, falseFixShare: 0 }, 1).size).toBe(0);
    expect(falseFixDraw(ids, { ...loop, falseFixShare: 1 }, 1).size).toBe(41);
  });

  it('presents the original as a true fix, the fixture’s other mutants in turn as a false fix, and the original when a drawn mutant has no sibling', () => {
    const siblings = ['a', 'b', 'c'];
    const trueFix = mutantLoop('b', 'f', siblings, new Set());
    expect(trueFix.fix).toBe('true');
    expect([1, 2, 3].map((r) => trueFix.versionAt(r))).toEqual([
      { id: 'b', role: 'defect' },
      { id: 'f', role: 'true-fix' },
      { id: 'f', role: 'true-fix' },
    ]);
    const falseFix = mutantLoop('b', 'f', siblings, new Set(['b']));
    expect(falseFix.fix).toBe('false');
    expect([2, 3, 4, 5].map((r) => falseFix.versionAt(r).id)).toEqual(['c', 'a', 'c', 'a']);
    expect(falseFix.versionAt(2).role).toBe('false-fix');
    const alone = mutantLoop('a', 'f', ['a'], new Set(['a']));
    expect(alone.fix).toBe('true-no-second-mutant');
    expect(alone.versionAt(2)).toEqual({ id: 'f', role: 'true-fix' });
  });

  it('schedules each mutant from the run’s mutants: its fixture’s others are its siblings, in the run’s order', () => {
    const mutants = [
      { id: 'a1', fixtureId: 'a' },
      { id: 'b1', fixtureId: 'b' },
      { id: 'a2', fixtureId: 'a' },
      { id: 'c1', fixtureId: 'c' },
    ];
    const scheduleOf = loopSchedules(mutants, { rounds: 3, falseFixShare: 1 }, 1);
    expect(mutants.map((m) => [scheduleOf(m).fix, scheduleOf(m).versionAt(2).id])).toEqual([
      ['false', 'a2'],
      ['true-no-second-mutant', 'b'],
      ['false', 'a1'],
      ['true-no-second-mutant', 'c'],
    ]);
  });

  it('stores round 1 as the clean review and later rounds under loop-round-N', () => {
    expect([1, 2, 5].map(loopCondition)).toEqual(['clean', 'loop-round-2', 'loop-round-5']);
    expect(['clean', 'loop-round-2', 'loop-round-5', 'loop-round-1', 'loop-round-x', 'with-trace'].map(loopRoundOf)).toEqual([1, 2, 5, undefined, undefined, undefined]);
  });

  it('sends the round only to mutants whose previous round was a FAIL, the version’s own request with the round summary, digested', () => {
    const world = makeWorld(1, () => 3);
    const [original, ...mutants] = world.items;
    // The first mutant drawn for a false fix; the third passed round 2, so its loop is over.
    const ids = mutants.map((m) => m.id);
    const scheduleOf = (m: { id: string; fixtureId: string }) => mutantLoop(m.id, m.fixtureId, ids, new Set([ids[0]!]));
    const previous = (itemId: string, repeat: number) => (itemId === mutants[2]!.id ? 'PASS' : repeat === 0 ? 'FAIL' : undefined);
    const jobs = [...loopRoundJobs(world.items, 3, previous, { conditions: [], rubricFor: () => 'Check it.', template: '{{artifact}}', repeats: 2, loop, scheduleOf })];
    expect(jobs.map((j) => [j.itemId, j.condition, j.repeat, j.turn])).toEqual([
      [mutants[0]!.id, 'loop-round-3', 0, 1],
      [mutants[1]!.id, 'loop-round-3', 0, 1],
    ]);
    // Round 3 of a false fix from the first mutant is its second sibling after it; a true fix is the original.
    expect(jobs[0]!.request.artifact).toBe(mutants[2]!.artifact);
    expect(jobs[1]!.request.artifact).toBe(original!.artifact);
    for (const job of jobs) {
      expect(job.request.round_summary).toBe(roundSummary(3, 5));
      expect(job.requestDigest).toBe(requestDigest(job.request));
      expect(job.messages[1]!.content).toContain('## round_summary\nRound 3 of 5.');
    }
  });

  it('offers a tool-using critic the version’s tools, as its first turn: the evidence to search, not inline, and the offer in the digest', () => {
    const world = makeWorld(1, () => 2);
    const tools = { setting: { evidence: 'search' as const, code: 'none' as const, decoys: false, maxCalls: 4 }, corpora: evidenceCorpora(world.fixtures) };
    const options = { conditions: [], rubricFor: () => 'Check it.', template: '{{artifact}}', loop, scheduleOf: loopSchedules(world.mutants, loop, 1) };
    const [withTools] = [...loopRoundJobs(world.items, 2, () => 'FAIL', { ...options, tools })];
    const [plain] = [...loopRoundJobs(world.items, 2, () => 'FAIL', options)];
    expect(withTools!.request.evidence).toBeUndefined();
    expect(withTools!.tools?.corpus?.passages.length).toBeGreaterThan(0);
    expect(withTools!.requestDigest).not.toBe(requestDigest(withTools!.request));
    expect(plain!.tools).toBeUndefined();
    expect(plain!.request.evidence).toEqual(world.items[0]!.evidence);
  });
});
