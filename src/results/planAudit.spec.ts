import { describe, expect, it } from 'vitest';
import { reviewResult } from '../../test/support/reviewResult.js';
import { textFixture } from '../../test/support/textFixture.js';
import type { Fixture } from '../fixtures/types.js';
import { spanOf } from '../mutants/span.js';
import type { ItemRecord } from '../requests/items.js';
import { planAudit } from './planAudit.js';
import { drain } from '../../test/support/drain.js';

const ARTIFACT = 'Carry over at most 5 days. The People Team approves.';
const fixture: Fixture = {
  ...textFixture({ id: 'leave', artifact: ARTIFACT, evidence: ARTIFACT }),
  acceptance: [
    { item: 1, text: 'States "at most 5 days".' },
    { item: 2, text: 'Names "The People Team".' },
  ],
};
const fixture3: Fixture = { ...fixture, acceptance: [...fixture.acceptance!, { item: 3, text: 'Says who approves.' }] };
const mutant = (id: string, type: string, breaks: number): ItemRecord => ({
  id,
  fixtureId: 'leave',
  cluster: 'leave',
  kind: 'text',
  role: 'mutant',
  mutator: type,
  mutant: { id, fixtureId: 'leave', mutator: type, span: spanOf(ARTIFACT, 19, 20), original: '5', replacement: '9', breaks },
});
const items: ItemRecord[] = [
  { id: 'leave', fixtureId: 'leave', cluster: 'leave', kind: 'text', role: 'original', mutator: null, artifact: ARTIFACT },
  mutant('m1', 'task-substitution', 1),
  mutant('m2', 'requirement-omission', 2),
  // A generated mutant on the same fixture breaks no known item: not in the plan audit.
  { ...mutant('g', 'number-flip', 1), mutant: { ...mutant('g', 'number-flip', 1).mutant!, breaks: undefined } },
];
const fail = (itemId: string, condition: string, reply: string) => reviewResult({ itemId, condition, verdict: 'FAIL', reply });
const pass = (itemId: string, condition: string) => reviewResult({ itemId, condition, verdict: 'PASS', reply: 'ACCEPTED' });

describe('planAudit', () => {
  it.each([
    ['named by "item N"', [fail('m1', 'clean', '1. item 1 → the cap is 9 → check the evidence')], { n: 1, flagged: 1, named: 1 }],
    ['named by a leading "N →"', [fail('m1', 'clean', '1. 1 → the cap is 9 → check')], { n: 1, flagged: 1, named: 1 }],
    ['flagged under another item', [fail('m1', 'clean', '1. item 2 → wrong team → check')], { n: 1, flagged: 1, named: 0 }],
    ['accepted', [pass('m1', 'clean')], { n: 1, flagged: 0, named: 0 }],
    ['an error is no answer', [reviewResult({ itemId: 'm1', condition: 'clean', outcome: 'error', verdict: null, error: 'boom' })], undefined],
    ['repeats add their share', [fail('m1', 'clean', '1. item 1 → x → y'), { ...pass('m1', 'clean'), repeat: 1 }], { n: 1, flagged: 0.5, named: 0.5 }],
  ])('one authored mutant: %s', (_, results, cell) => {
    const audit = drain(planAudit(items, [fixture], ['clean'], [])!, results);
    const row = audit.byItem.find((r) => r.item === 1)!;
    expect(row).toMatchObject({ fixtureId: 'leave', mutants: 1, types: ['task-substitution'] });
    if (cell) expect(row.cells.clean).toMatchObject({ ...cell, rate: cell.named });
    else expect(row.cells.clean).toBeUndefined();
  });

  it('pools by type and over all authored mutants, counts ACCEPTED on originals, and leaves generated mutants out', () => {
    const results = [pass('leave', 'clean'), fail('m1', 'clean', '1. item 1 → x → y'), fail('m2', 'clean', '1. item 1 → x → y'), fail('g', 'clean', '1. item 1 → x → y')];
    const audit = drain(planAudit(items, [fixture], ['clean'], [])!, results);
    expect(audit.byType['task-substitution']!.clean).toMatchObject({ n: 1, named: 1 });
    expect(audit.byType['requirement-omission']!.clean).toMatchObject({ n: 1, named: 0 });
    expect(audit.all.clean).toMatchObject({ n: 2, flagged: 2, named: 1, rate: 0.5 });
    expect(audit.acceptance.clean).toMatchObject({ n: 1, accepted: 1, rate: 1 });
    expect(audit.all.clean!.ci[0]).toBeGreaterThan(0);
  });

  it('pairs each authored mutant clean and with the round summary (exact McNemar)', () => {
    const results = [fail('m1', 'clean', '1. item 1 → x → y'), fail('m2', 'clean', '1. item 2 → x → y'), pass('m1', 'round-summary'), fail('m2', 'round-summary', '1. item 2 → x → y')];
    const audit = drain(planAudit(items, [fixture], ['clean', 'round-summary'], ['round-summary'])!, results);
    expect(audit.roundSummary).toEqual([expect.objectContaining({ condition: 'round-summary', n: 2, b: 1, c: 0, p: 1, delta: -0.5 })]);
  });

  describe('naming every plan item earns nothing (scripted critics over both authored mutants, clean)', () => {
    // A critic that names every plan item on every reply, and one that names exactly the item each mutant breaks.
    const namesEverything = () => fail('', 'clean', '1. item 1 → wrong → check the evidence\n2. item 2 → wrong → check the evidence');
    const namesTheBroken = (breaks: number) => fail('', 'clean', `1. item ${breaks} → wrong → check the evidence`);
    const run = (reply: (breaks: number) => ReturnType<typeof fail>) =>
      drain(planAudit(items, [fixture], ['clean'], [])!, [
        { ...reply(1), itemId: 'm1' },
        { ...reply(2), itemId: 'm2' },
      ]);

    it('the critic naming every item gets no credit and an over-naming rate of 1', () => {
      const audit = run(namesEverything);
      expect(audit.all.clean).toMatchObject({ n: 2, flagged: 2, named: 0, rate: 0, namedNotBroken: 2, notBroken: 2, namedNotBrokenRate: 1, namedEvery: 2 });
      expect(audit.byItem.map((r) => r.cells.clean?.rate)).toEqual([0, 0]);
    });

    it('the critic naming exactly the broken item gets full credit and no charge', () => {
      const audit = run(namesTheBroken);
      expect(audit.all.clean).toMatchObject({ n: 2, flagged: 2, named: 2, rate: 1, namedNotBroken: 0, notBroken: 2, namedNotBrokenRate: 0, namedEvery: 0 });
      expect(audit.byItem.map((r) => r.cells.clean?.rate)).toEqual([1, 1]);
    });

    it('naming the broken item and another is credited and charged for the other', () => {
      const audit = drain(planAudit(items, [fixture3], ['clean'], [])!, [fail('m1', 'clean', '1. item 1 → wrong → x\n2. item 3 → wrong → x')]);
      expect(audit.all.clean).toMatchObject({ n: 1, named: 1, namedNotBroken: 1, notBroken: 2, namedNotBrokenRate: 0.5, namedEvery: 0 });
    });

    it('a one-item plan: naming its item is naming the broken one', () => {
      const audit = drain(
        planAudit(
          items.filter((i) => i.id !== 'm2'),
          [{ ...fixture, acceptance: [fixture.acceptance![0]!] }],
          ['clean'],
          [],
        )!,
        [fail('m1', 'clean', '1. item 1 → wrong → x')],
      );
      expect(audit.all.clean).toMatchObject({ n: 1, named: 1, namedNotBroken: 0, notBroken: 0, namedNotBrokenRate: 0, namedEvery: 0 });
    });

    it('items the plan does not have are not charged as plan items', () => {
      const audit = drain(planAudit(items, [fixture], ['clean'], [])!, [fail('m1', 'clean', '1. item 1 → wrong → x\n2. item 9 → wrong → x')]);
      expect(audit.all.clean).toMatchObject({ named: 1, namedNotBroken: 0 });
    });

    it('with repeats each reply is charged its share', () => {
      const audit = drain(planAudit(items, [fixture], ['clean'], [])!, [
        { ...namesEverything(), itemId: 'm1' },
        { ...namesTheBroken(1), itemId: 'm1', repeat: 1 },
      ]);
      expect(audit.all.clean).toMatchObject({ n: 1, named: 0.5, namedNotBroken: 0.5, namedEvery: 0.5, notBroken: 1, namedNotBrokenRate: 0.5 });
    });
  });

  describe('the chance-corrected credit: naming items indiscriminately earns no more than chance (issue 31, item 6)', () => {
    // Four items that quote nothing: a mutant breaks only the item it is authored to break.
    const plan4: Fixture = { ...fixture, acceptance: [1, 2, 3, 4].map((item) => ({ item, text: `Rule ${item} holds.` })) };
    const mutants4 = [1, 2, 3, 4].map((breaks) => mutant(`m${breaks}`, 'task-substitution', breaks));
    const naming = (names: number[]) => names.map((n, i) => `${i + 1}. item ${n} → not met → check it`).join('\n');
    const run = (reply: (breaks: number) => string) =>
      drain(
        planAudit(mutants4, [plan4], ['clean'], [])!,
        mutants4.map((m) => fail(m.id, 'clean', reply(m.mutant!.breaks!))),
      ).all.clean!;

    it('a critic that names every item but the last, never reading the artifact, is credited 3 of 4 catches but earns 0', () => {
      const cell = run(() => naming([1, 2, 3]));
      expect(cell).toMatchObject({ n: 4, named: 3, namedEvery: 0 });
      expect(cell.credit).toBeCloseTo(0, 10);
      expect(cell.creditRate).toBeCloseTo(0, 10);
    });

    it('naming every item earns exactly 0; naming exactly the broken item earns 1 a mutant', () => {
      expect(run(() => naming([1, 2, 3, 4])).credit).toBeCloseTo(0, 10);
      expect(run((breaks) => naming([breaks]))).toMatchObject({ named: 4, credit: 4, creditRate: 1 });
    });

    it('each intact item named beside the broken one costs 1/(intact items); a miss that names items is negative', () => {
      expect(run((breaks) => naming([breaks, (breaks % 4) + 1])).credit).toBeCloseTo(4 * (1 - 1 / 3), 10);
      expect(run((breaks) => naming([(breaks % 4) + 1])).credit).toBeCloseTo(-4 / 3, 10);
    });

    it('an item whose quoted phrase the mutant no longer states is broken too: naming it is not charged', () => {
      // m2 is authored to break item 2, and its 5 → 9 also drops item 1's quoted "at most 5 days"; item 3 stays intact.
      const cell = drain(planAudit(items, [fixture3], ['clean'], [])!, [fail('m2', 'clean', naming([2, 1]))]).all.clean!;
      expect(cell).toMatchObject({ named: 1, namedNotBroken: 1, credit: 1 });
      expect(drain(planAudit(items, [fixture3], ['clean'], [])!, [fail('m2', 'clean', naming([2, 3]))]).all.clean!.credit).toBe(0);
    });
  });

  it('counts apart the issue lines that give no way to verify them, on originals and authored mutants', () => {
    const results = [
      fail('leave', 'clean', '1. The tone is off.\n2. item 2 → the team is wrong → compare'),
      fail('m1', 'clean', '1. The cap is wrong (see handbook)\n2. line 3 is wrong\n3. run `carry(6)`'),
      fail('m2', 'round-summary', '1. Something is missing.'),
    ];
    const audit = drain(planAudit(items, [{ ...fixture, evidence: [{ id: 'handbook', text: ARTIFACT }] }], ['clean', 'round-summary'], [])!, results);
    expect(audit.issueLines).toEqual({ clean: { issues: 5, unverifiable: 1, rate: 0.2 }, 'round-summary': { issues: 1, unverifiable: 1, rate: 1 } });
  });

  it('is null on a suite without plans', () => {
    expect(planAudit(items, [{ ...fixture, acceptance: undefined }], ['clean'], [])).toBeNull();
  });
});
