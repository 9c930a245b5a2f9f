import { describe, expect, it } from 'vitest';
import type { TextFixture } from '../fixtures/types.js';
import { differingHunk } from '../text/differingHunk.js';
import { authoredMutants, withAuthored } from './authored.js';
import { mutantDiff } from './diff.js';
import { applyCandidate, MERGED } from './generate.js';

describe('differingHunk', () => {
  it.each([
    ['a word replaced', 'at most 5 days.', 'at most 10 days.', { start: 8, end: 9, replacement: '10' }],
    ['a clause dropped', 'Cap 5 days, approved by HR.', 'Cap 5 days.', { start: 10, end: 26, replacement: '' }],
    ['a word for another, widened to whole words', 'by the People Team.', 'by the Finance Team.', { start: 7, end: 13, replacement: 'Finance' }],
    ['a word appended to', 'abc def', 'abcxyz def', { start: 0, end: 3, replacement: 'abcxyz' }],
    ['a word cut short', 'abc def', 'ab def', { start: 0, end: 3, replacement: 'ab' }],
    ['a sentence appended', 'One.', 'One. Two.', { start: 4, end: 4, replacement: ' Two.' }],
    ['everything different', 'abc', 'xyz', { start: 0, end: 3, replacement: 'xyz' }],
  ])('%s', (_, original, changed, hunk) => {
    expect(differingHunk(original, changed)).toEqual(hunk);
    const { start, end, replacement } = differingHunk(original, changed);
    expect(original.slice(0, start) + replacement + original.slice(end)).toBe(changed);
  });
});

describe('authoredMutants', () => {
  const fixture: TextFixture = {
    id: 'leave',
    kind: 'text',
    task: 'How much carries over?',
    artifact: 'Employees may carry over at most 5 days.\nRequests go to the People Team.',
    evidence: [{ id: 'e', text: 'Employees may carry over at most 5 days. Requests go to the People Team.' }],
    variants: [],
    trace: undefined,
    cluster: 'leave',
    source: { file: 'f.yaml', line: 1 },
    acceptance: [{ item: 1, text: 'States "at most 5 days".' }],
    authoredMutants: [
      { id: 'ten', type: 'task-substitution', breaks: 1, contradicts: 'at most 5 days', line: 9, artifact: 'Employees may carry over at most 10 days.\nRequests go to the People Team.' },
    ],
  };

  it('is a mutant of its type with a stable id, the plan item it breaks and the diff as its span', () => {
    const [m] = authoredMutants(fixture);
    expect(m).toMatchObject({ fixtureId: 'leave', mutator: 'task-substitution', breaks: 1, authoredId: 'ten', original: '5', replacement: '10' });
    expect(m!.artifact).toBe(fixture.authoredMutants![0]!.artifact);
    expect(m!.span).toMatchObject({ line: 1, column: 34 });
    expect(mutantDiff(fixture.artifact, m!)).toMatchObject({ before: 'Employees may carry over at most 5 days.', after: 'Employees may carry over at most 10 days.' });
    expect(authoredMutants(fixture)[0]!.id).toBe(m!.id);
  });

  it('has none without authored mutants', () => {
    expect(authoredMutants({ ...fixture, authoredMutants: undefined })).toEqual([]);
  });

  it('keeps the authored mutant and ignores a generated one that is the same text as merged, naming it', () => {
    const at = fixture.artifact.indexOf('5 days');
    const twin = applyCandidate(fixture, 'number-flip', { start: at, end: at + 1, replacement: '10' });
    const other = applyCandidate(fixture, 'number-flip', { start: at, end: at + 1, replacement: '3' });
    const [authored] = authoredMutants(fixture);
    expect(twin.artifact).toBe(authored!.artifact);
    const merged = withAuthored({ mutants: [twin, other], ignored: [] }, [authored!]);
    expect(merged.mutants.map((m) => m.id)).toEqual([other.id, authored!.id]);
    expect(merged.ignored).toEqual([expect.objectContaining({ id: twin.id, mutator: 'number-flip', reason: `${MERGED} task-substitution mutant ${authored!.id}` })]);
    expect(withAuthored({ mutants: [other], ignored: [] }, [authored!]).ignored).toEqual([]);
  });
});
