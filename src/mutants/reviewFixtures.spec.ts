import { describe, expect, it } from 'vitest';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { loadFixtures } from '../fixtures/load.js';
import type { CodeFixture, TextFixture } from '../fixtures/types.js';
import { checkAgainstEvidence } from '../reviews/builtin/evidenceCheck.js';
import { normaliseQuote } from '../text/quote.js';
import { generateMutants } from './generate.js';
import { reviewFixtures } from './reviewFixtures.js';

const textMutators = ALL_MUTATORS.filter((m) => ['number-flip', 'entity-swap', 'negation', 'date-shift'].includes(m.name));
const texts = loadFixtures(['fixtures/policy/hr-policy.yaml']) as TextFixture[];
const mutants = generateMutants(texts, textMutators, { seed: 7, cap: 12 }).mutants;
const mutantsOf = (id: string) => mutants.filter((m) => m.fixtureId === id);
const reviews = reviewFixtures(texts, mutantsOf, { seed: 7, perFixture: 2 });
const has = (text: string, quote: string) => normaliseQuote(text).includes(normaliseQuote(quote));

describe('review fixtures built from a text suite and its mutants', () => {
  it('reviews each original (no flags) and perFixture of its mutants (one flag each), ids naming the reviewed item', () => {
    for (const f of texts) {
      const of = reviews.filter((r) => r.cluster === f.cluster && r.task === f.task);
      expect(of.map((r) => r.reviewed.role)).toEqual(['original', ...Array(Math.min(2, mutantsOf(f.id).length)).fill('mutant')]);
      expect(of[0]).toMatchObject({ id: `review-of-${f.id}`, flags: [], artifact: "Reviewer's findings: none. No issues found." });
      for (const r of of.slice(1)) expect(r.flags).toHaveLength(1);
    }
  });

  it('flags each mutant where it is wrong: the sentence holding the replacement, saying what the evidence says', () => {
    for (const r of reviews.filter((x) => x.reviewed.role === 'mutant')) {
      const m = mutants.find((x) => x.id === r.reviewed.itemId)!;
      const [flag] = r.flags;
      expect(has(r.reviewed.artifact, flag!.quote!)).toBe(true);
      expect(has(flag!.quote!, m.replacement)).toBe(true);
      expect(flag!.says).toBe(`it says "${m.replacement.trim()}" where the evidence says "${m.original.trim()}".`);
      // The evidence checker agrees the flagged sentence is wrong.
      expect(checkAgainstEvidence({ artifact: flag!.quote!, evidence: r.evidence.slice(1) }).length).toBeGreaterThan(0);
    }
  });

  it('offers false flags only on sentences the reviewed artifact has right, each refuted by the evidence it quotes', () => {
    const withFalse = reviews.filter((r) => r.falseFlags.length);
    expect(withFalse.length).toBeGreaterThan(reviews.length / 2);
    for (const r of withFalse) {
      for (const f of r.falseFlags) {
        expect(has(r.reviewed.artifact, f.quote!)).toBe(true);
        expect(f.quote).not.toBe(r.flags[0]?.quote);
        expect(checkAgainstEvidence({ artifact: f.quote!, evidence: r.evidence.slice(1) })).toEqual([]);
        expect(r.evidence.some((e) => has(e.text, f.refutedBy))).toBe(true);
      }
    }
  });

  it('carries the artifact under review as its first evidence item, then the source evidence', () => {
    for (const r of reviews) expect(r.evidence.map((e) => e.id)).toEqual(['artifact-under-review', ...texts.find((t) => t.task === r.task)!.evidence.map((e) => e.id)]);
  });

  it('samples with the seed: the same seed the same reviews, and reviews only the mutators asked for', () => {
    expect(reviewFixtures(texts, mutantsOf, { seed: 7, perFixture: 2 })).toEqual(reviews);
    const negations = reviewFixtures(texts, mutantsOf, { seed: 7, perFixture: 2, reviewed: ['negation'] });
    expect(new Set(negations.flatMap((r) => (r.reviewed.mutator ? [r.reviewed.mutator] : [])))).toEqual(new Set(['negation']));
  });
});

describe('review fixtures of code', () => {
  it('flag the mutated line by number and quote, saying what it should be', () => {
    const [median] = loadFixtures(['fixtures/functions/median.yaml']) as CodeFixture[];
    const comparisons = ALL_MUTATORS.filter((m) => m.name === 'arithmetic-operator');
    const ms = generateMutants([median!], comparisons, { seed: 7, cap: 3 }).mutants;
    const built = reviewFixtures([median!], () => ms, { seed: 7, perFixture: 3 });
    for (const r of built.slice(1)) {
      const m = ms.find((x) => x.id === r.reviewed.itemId)!;
      const line = r.reviewed.artifact.split('\n')[r.flags[0]!.line! - 1]!;
      expect(line.trim()).toBe(r.flags[0]!.quote);
      expect(line).toContain(m.replacement);
      expect(r.flags[0]!.says).toBe(`\`${m.replacement.trim()}\` is a bug here; it should be \`${m.original.trim()}\`.`);
    }
  });
});
