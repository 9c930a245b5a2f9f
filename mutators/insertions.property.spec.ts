import { describe, expect, it } from 'vitest';
import { contentLemmas, splitSentences } from '../src/text/claims.js';
import { spokenOf, subjectNouns } from '../src/text/insertions.js';
import { refersBack } from '../src/text/discourse.js';
import { claimInsertion } from './claim-insertion.js';
import { claimOmission } from './claim-omission.js';
import { propertyFixtures, propertyMutants } from './testing/text-mutator-spec.js';

/** Every bundled text suite, the held-out ones written without sight of the mutators included. */
const fixtures = propertyFixtures();
const byId = new Map(fixtures.map((f) => [f.id, f]));
const mutants = propertyMutants(claimInsertion.name, claimOmission.name);
const insertions = mutants.filter((m) => m.mutator === claimInsertion.name);
const omissions = mutants.filter((m) => m.mutator === claimOmission.name);

describe('claim-insertion over the bundled suites', () => {
  it('adds a sentence no other fixture gets, but one sentence of evidence both fixtures hold with its figures changed', () => {
    const fixturesOf = new Map<string, Set<string>>();
    for (const m of insertions) fixturesOf.set(m.replacement.trim(), (fixturesOf.get(m.replacement.trim()) ?? new Set()).add(m.fixtureId));
    // Two fixtures that cite one price list are given the same true statement with one figure changed: the sentence is each
    // one's own evidence, not a sentence reused across fixtures. Only its figures may differ from that evidence sentence,
    // and its opening "Our", which the insertion names as the business's ("Redbank's six-week course" of "Our six-week course").
    const shape = (text: string) =>
      text
        .trim()
        .replace(/^(?:Our|[A-Z][\w&-]*(?:\s+(?:&\s+)?[A-Z][\w&-]*)*['’]s)\s+/, 'Our ')
        .replace(/[£$€]?\d[\d,.]*%?/g, '#');
    const sourcesIn = (id: string, added: string) =>
      new Set(
        byId
          .get(id)!
          .evidence.flatMap((e) => splitSentences(e.text).map((x) => x.text))
          .filter((x) => shape(x) === shape(added)),
      );
    const reused = [...fixturesOf].filter(([added, ids]) => {
      const [first, ...rest] = [...ids].map((id) => sourcesIn(id, added));
      return rest.length > 0 && ![...first!].some((source) => rest.every((other) => other.has(source)));
    });
    expect(reused).toEqual([]);
  });

  it("adds a sentence on the task's topic, about a group the task or answer speaks of", () => {
    for (const m of insertions) {
      const fixture = byId.get(m.fixtureId)!;
      const added = m.replacement.trim();
      const taskWords = new Set(contentLemmas(fixture.task));
      expect(contentLemmas(added).filter((l) => taskWords.has(l)).length, `${m.id}: ${added}`).toBeGreaterThan(0);
      const spoken = spokenOf(fixture.task, fixture.artifact);
      expect(
        subjectNouns(added).filter((noun) => !spoken.has(noun)),
        `${m.id}: ${added}`,
      ).toEqual([]);
    }
  });

  it('adds one grammatical sentence between whole sentences of the answer', () => {
    expect(insertions.length).toBeGreaterThan(0);
    for (const m of insertions) {
      const added = m.replacement.trim();
      expect(added, m.id).toMatch(/^[A-Z][^\n]*[^.]\.$/);
      expect(added, m.id).not.toMatch(/\s{2}/);
      expect(splitSentences(added), m.id).toHaveLength(1);
      const before = splitSentences(byId.get(m.fixtureId)!.artifact).map((s) => s.text);
      expect(
        splitSentences(m.artifact)
          .map((s) => s.text)
          .filter((s) => s !== added),
        m.id,
      ).toEqual(before);
    }
  });
});

describe('claim-omission over the bundled suites', () => {
  it('keeps the opening sentence, and no sentence that referred back to the deleted one', () => {
    const sentences = omissions.filter((m) => splitSentences(m.artifact).length < splitSentences(byId.get(m.fixtureId)!.artifact).length);
    expect(sentences.length).toBeGreaterThan(0);
    for (const m of sentences) {
      const before = splitSentences(byId.get(m.fixtureId)!.artifact).map((s) => s.text);
      const after = splitSentences(m.artifact).map((s) => s.text);
      const deleted = before.findIndex((s) => !after.includes(s));
      expect(deleted, m.id).toBeGreaterThan(0);
      expect(after, m.id).toEqual(before.filter((_, i) => i !== deleted));
      const next = before[deleted + 1];
      if (next !== undefined) expect(refersBack(next), `${m.id}: ${next}`).toBe(false);
    }
  });

  it('leaves out a clause by ending its sentence where the clause began, the other sentences as they were', () => {
    const clauses = omissions.filter((m) => splitSentences(m.artifact).length === splitSentences(byId.get(m.fixtureId)!.artifact).length);
    expect(clauses.length).toBeGreaterThan(0);
    for (const m of clauses) {
      const before = splitSentences(byId.get(m.fixtureId)!.artifact).map((s) => s.text);
      const after = splitSentences(m.artifact).map((s) => s.text);
      const changed = before.findIndex((s, i) => after[i] !== s);
      const [was, is] = [before[changed]!, after[changed]!];
      expect(after, m.id).toEqual(before.map((s, i) => (i === changed ? is : s)));
      // The sentence's first words up to the cut, then the stop it had.
      expect(was.startsWith(is.slice(0, -1)) && is.length < was.length && is.at(-1) === was.at(-1), `${m.id}: ${is}`).toBe(true);
      expect(is, m.id).not.toMatch(/[,;]\s*.$|\s.$/);
      // No bracket or quotation the original closes is left open.
      const open = (text: string) => [/\(/g, /\)/g, /"/g].map((mark) => text.match(mark)?.length ?? 0);
      const [opened, closed, quotes] = open(is);
      if (open(was)[0] === open(was)[1]) expect(opened, `${m.id}: ${is}`).toBe(closed);
      if (open(was)[2]! % 2 === 0) expect(quotes! % 2, `${m.id}: ${is}`).toBe(0);
      const next = before[changed + 1];
      if (next !== undefined) expect(refersBack(next), `${m.id}: ${next}`).toBe(false);
    }
  });
});
