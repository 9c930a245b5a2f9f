import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sentenceAround } from '../src/text/claims.js';
import { findEntities, swappableNames } from '../src/text/entities.js';
import { negationsIn } from '../src/text/polarity.js';
import { entitySwap, familiesOf } from './entity-swap.js';
import { negation } from './negation.js';
import { NPM_TEST_PROPERTY_SUITES, propertyFixtures, propertyMutants } from './testing/text-mutator-spec.js';

/** The bundled text suites: the policy suite we tuned on and the held-out ones. */
const fixtures = propertyFixtures();

describe('entity-swap on the bundled suites', () => {
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  const mutants = propertyMutants(entitySwap.name);

  // A floor on the suites npm test reads: over every held-out suite entity-swap keeps far fewer (598 mutants on 3,159
  // fixtures, none on 57 of 131 suites; issue 27's two a fixture is not met), which the property specs do not measure.
  it('keeps more mutants than fixtures on the suites npm test reads', () => {
    const suites = new Set(NPM_TEST_PROPERTY_SUITES.map((folder) => basename(folder)));
    const inSuites = (id: string) => suites.has(id.split('/')[0]!);
    expect(mutants.filter((m) => inSuites(m.fixtureId)).length).toBeGreaterThan(fixtures.filter((f) => inSuites(f.id)).length);
  });

  it('replaces exactly one whole entity with exactly one whole entity of the same type or of a family the fixture lists or varies', () => {
    for (const m of mutants) {
      const label = `${m.id}: ${m.original} -> ${m.replacement}`;
      const before = findEntities(byId.get(m.fixtureId)!.artifact).find((e) => e.start === m.span.start && e.end === m.span.end);
      const after = findEntities(m.artifact).find((e) => e.start === m.span.start && e.end === m.span.start + m.replacement.length);
      expect(before, label).toBeDefined();
      expect(after, label).toBeDefined();
      expect(swappableNames(before!, after!, familiesOf(byId.get(m.fixtureId)!)), label).toBe(true);
    }
  });
});

describe('negation on the bundled suites', () => {
  const mutants = propertyMutants(negation.name);

  it('never leaves two negations in the mutated sentence', () => {
    expect(mutants.length).toBeGreaterThan(0);
    for (const m of mutants) {
      const sentence = sentenceAround(m.artifact, m.span.start, m.span.start + m.replacement.length)!;
      expect(negationsIn(sentence.text), `${m.id}: ${sentence.text}`).toBeLessThanOrEqual(1);
    }
  });
});
