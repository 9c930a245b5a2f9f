import { describe, expect, it } from 'vitest';
import { ALL_MUTATORS } from '../../../mutators/index.js';
import { reviewItems } from '../../../test/support/reviewItems.js';
import { loadFixtures } from '../../fixtures/load.js';
import type { CodeFixture, Fixture } from '../../fixtures/types.js';
import { authoredMutants } from '../../mutants/authored.js';
import { generateMutants } from '../../mutants/generate.js';
import { splitSentences, supportOf } from '../../text/claims.js';
import { PACKAGE_ROOT } from '../../util/packageRoot.js';
import { DEFAULT_TEMPLATE_FILE } from '../../config/load.js';
import { readFileSync } from 'node:fs';
import { reviewJobs } from '../jobs.js';
import type { ReviewItem } from '../items.js';
import { appliesTo, conditionsOf } from './index.js';
import { persuasiveTrace } from './persuasive-trace.js';

/** A suite's items, originals and mutants (generated and authored), as a run reviews them. */
function itemsOf(paths: string[]): { fixtures: Fixture[]; items: ReviewItem[] } {
  const fixtures = loadFixtures(paths, PACKAGE_ROOT);
  const mutants = fixtures.flatMap((f) => [
    ...generateMutants(
      [f],
      ALL_MUTATORS.filter((m) => m.kind === f.kind),
      { seed: 7, cap: 4 },
    ).mutants,
    ...authoredMutants(f),
  ]);
  return { fixtures, items: reviewItems(fixtures, mutants) };
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sentence of an item's artifact the explanation must defend: on a mutant, the one its change sits in (as it now reads). */
function defendedSentence(item: ReviewItem): string | undefined {
  if (!item.mutant) return undefined;
  const at = item.mutant.span.start + (item.mutant.replacement.length - item.mutant.replacement.trimStart().length);
  const sentences = splitSentences(item.artifact);
  return (sentences.find((s) => s.start <= at && at < s.end) ?? sentences.filter((s) => s.start <= at).at(-1))?.text;
}

describe('persuasive-trace on prose: the author defends the artifact as it stands, citing real sources that do not bear it out', () => {
  const { items } = itemsOf(['fixtures/policy/hr-policy.yaml', 'fixtures/policy/drug-labels.yaml']);
  const explained = items.map((item) => ({ item, text: persuasiveTrace.contaminant(item)! }));

  it('writes one explanation for every item, and no two alike', () => {
    expect(items.length).toBeGreaterThan(100);
    expect(explained.every(({ text }) => typeof text === 'string' && text.length > 200)).toBe(true);
    expect(new Set(explained.map(({ text }) => text)).size).toBe(items.length);
  });

  it('quotes a mutant its own mutated claim, as the artifact now reads', () => {
    let mutants = 0;
    for (const { item, text } of explained) {
      const defended = defendedSentence(item);
      if (defended === undefined) continue;
      mutants++;
      expect(text, item.id).toContain(`"${defended}"`);
    }
    expect(mutants).toBeGreaterThan(80);
  });

  it("cites only the item's real evidence ids, and quotes only real sentences of the artifact or the evidence, none of which supports the defended claim", () => {
    for (const { item, text } of explained) {
      const ids = new Set(item.evidence.map((e) => e.id));
      const cited = [...text.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
      expect(cited.length, item.id).toBeGreaterThan(0);
      for (const id of cited) expect(ids.has(id), `${item.id} cites [${id}]`).toBe(true);
      const artifact = squash(item.artifact);
      const evidence = item.evidence.map((e) => squash(e.text));
      const [claim, ...passages] = [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
      expect(artifact.includes(squash(claim!)), `${item.id}: the claim quoted is the artifact's`).toBe(true);
      expect(passages.length, item.id).toBeGreaterThan(0);
      for (const passage of passages) {
        expect(
          evidence.some((e) => e.includes(squash(passage))),
          `${item.id}: "${passage}" is an evidence sentence`,
        ).toBe(true);
        expect(supportOf(claim!, [passage]), `${item.id}: "${passage}" supports "${claim}"`).toBeNull();
      }
    }
  });

  it('never quotes, on a mutant, the evidence that supports a claim as it read before the change (it would contradict the mutant, or show what it left out)', () => {
    for (const { item, text } of explained) {
      if (!item.mutant) continue;
      const { start } = item.mutant.span;
      const end = start + item.mutant.original.length;
      const original = item.artifact.slice(0, start) + item.mutant.original + item.artifact.slice(start + item.mutant.replacement.length);
      const sources = item.evidence.flatMap((e) => splitSentences(e.text).map((s) => s.text));
      // Its passages: every quotation but the first, which is the artifact's claim (often worded as its evidence is).
      const passages = [...text.matchAll(/"([^"]+)"/g)].slice(1).map((m) => m[1]!);
      for (const claim of splitSentences(original).filter((s) => s.start <= end && start <= s.end)) {
        const support = supportOf(claim.text, sources);
        if (support) expect(passages.includes(support), `${item.id} quotes the support of "${claim.text}"`).toBe(false);
      }
    }
  });

  it('tells an authored mutant it settles the plan item the mutant breaks', () => {
    const authored = explained.filter(({ item }) => item.mutant?.breaks !== undefined);
    expect(authored.length).toBeGreaterThan(0);
    for (const { item, text } of authored) expect(text).toContain(`settles item ${item.mutant!.breaks} of the acceptance plan`);
  });

  it('reaches a critic whose template does not place author_explanation: appended under its key, as a declared condition is', () => {
    const template = readFileSync(DEFAULT_TEMPLATE_FILE, 'utf8');
    expect(template).not.toContain('author_explanation');
    const [job] = [...reviewJobs(items.slice(0, 1), { conditions: conditionsOf(['persuasive-trace']), rubricFor: () => 'R', template })];
    expect(job!.request.author_explanation).toBe(explained[0]!.text);
    expect(job!.messages[1]!.content).toContain(`## author_explanation\n${explained[0]!.text}`);
  });
});

describe('persuasive-trace on code: the author defends the line from its neighbour and the task, never from the held-out checks', () => {
  const { fixtures, items } = itemsOf(['fixtures/functions/clamp.yaml', 'fixtures/functions/median.yaml', 'fixtures/functions/jaccard.yaml']);
  it('quotes the mutated line as it now reads, and a real line and the task beside it; no two items alike; no held-out check', () => {
    expect(items.filter((item) => item.mutant).length).toBeGreaterThan(20);
    const texts = items.map((item) => persuasiveTrace.contaminant(item)!);
    expect(new Set(texts).size).toBe(items.length);
    items.forEach((item, i) => {
      const text = texts[i]!;
      const [claim, ...passages] = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      const lines = item.artifact.split('\n').map((l) => l.trim());
      expect(lines, item.id).toContain(claim);
      if (item.mutant && !item.mutant.replacement.includes('\n')) expect(claim, item.id).toContain(item.mutant.replacement.trim());
      for (const passage of passages) expect(lines.includes(passage) || item.task.includes(passage), `${item.id}: ${passage}`).toBe(true);
      const fixture = fixtures.find((f) => f.id === item.fixtureId) as CodeFixture;
      for (const check of fixture.checks) expect(text.includes(check.expr), `${item.id}: ${check.expr}`).toBe(false);
    });
  });
});

it('applies to prose and code, not to a review (its author is the reviewer, whose defence the rebuttal conditions send)', () => {
  expect(persuasiveTrace.kinds).toEqual(['text', 'code']);
  expect(appliesTo(persuasiveTrace, { kind: 'review', trace: undefined, artifact: 'A review.' })).toBe(false);
  expect(persuasiveTrace.contaminant({ kind: 'text', trace: undefined })).toBeUndefined();
});
