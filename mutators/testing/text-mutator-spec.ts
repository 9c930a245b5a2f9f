import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/fixtures/load.js';
import type { TextFixture } from '../../src/fixtures/types.js';
import { generateMutants } from '../../src/mutants/generate.js';
import { splitSentences } from '../../src/text/claims.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { sharedAcrossWorkers } from '../../test/support/sharedAcrossWorkers.js';
import { textFixture } from '../../test/support/textFixture.js';
import type { Mutant } from '../../src/mutants/types.js';
import { ALL_MUTATORS } from '../index.js';
import type { MutationCandidate, TextMutator } from '../types.js';

export function applyTo(artifact: string, { start, end, replacement }: MutationCandidate): string {
  return artifact.slice(0, start) + replacement + artifact.slice(end);
}

/** The bundled text suites' folders. */
export const TEXT_SUITES = ['fixtures/policy'];

/** The bundled text suites, every fixture of them. */
export function bundledTextFixtures(): TextFixture[] {
  return textFixturesOf(TEXT_SUITES);
}

/** The held-out suites `npm test`'s property specs read: the four first, written without sight of the mutators (unseen4 measured, never tuned to). */
const HELD_OUT_IN_NPM_TEST = ['unseen', 'unseen2', 'unseen3', 'unseen4'];

/** The suites `npm test`'s property specs read, whatever CRITIC_AUDIT_PROPERTY_SUITES says: where floors on how much is kept are set. */
export const NPM_TEST_PROPERTY_SUITES: readonly string[] = [...TEXT_SUITES, ...HELD_OUT_IN_NPM_TEST.map((folder) => `fixtures/${folder}`)];

/**
 * What the property specs hold every text mutator to: the suites `npm test` reads; with CRITIC_AUDIT_PROPERTY_SUITES=all,
 * every held-out suite in fixtures/ as well (over a hundred: about 75 s of CPU to generate, too much for `npm test`'s
 * budget; run before a change to a text mutator lands, docs/mutators.md).
 */
export const PROPERTY_SUITES: readonly string[] =
  process.env.CRITIC_AUDIT_PROPERTY_SUITES === 'all'
    ? [
        ...TEXT_SUITES,
        ...readdirSync(join(PACKAGE_ROOT, 'fixtures'))
          .filter((folder) => folder.startsWith('unseen'))
          .map((folder) => `fixtures/${folder}`),
      ]
    : NPM_TEST_PROPERTY_SUITES;

/** One property suite: its text fixtures and every mutant the text mutators keep of them. */
interface PropertySuite {
  fixtures: TextFixture[];
  mutants: Mutant[];
}

let propertySuites: readonly PropertySuite[] | undefined;

/**
 * The property suites, each loaded and given every kept mutant of the text mutators (seed 7, no cap) by one
 * generation of all of them, as a run makes it (a mutant two mutators make alike is the more specific one's). Made
 * once per test session, suite by suite, and shared by the property spec files (sharedAcrossWorkers, each suite's part
 * by a hash of the sources and that suite): two workers that reach it at once make different suites, and a worker
 * that reaches it later reads them (loading a suite reads its paraphrases, a fifth of the cost). Suites written apart
 * may give two fixtures one id ("clock-estimate-fee" in unseen114 and unseen116): each id and cluster is read as its
 * suite's, "unseen114/clock-estimate-fee". Read, never changed.
 */
function propertySuitesShared(): readonly PropertySuite[] {
  const textMutators = ALL_MUTATORS.filter((m): m is TextMutator => m.kind === 'text');
  propertySuites ??= sharedAcrossWorkers(
    'property-suites',
    ['src', 'mutators'],
    PROPERTY_SUITES.map((folder) => ({
      key: basename(folder),
      inputs: [folder],
      compute: () => {
        const fixtures = textFixturesOf([folder]).map((f) => ({ ...f, id: `${basename(folder)}/${f.id}`, cluster: `${basename(folder)}/${f.cluster}` }));
        return { fixtures, mutants: generateMutants(fixtures, textMutators, { seed: 7, cap: Infinity }).mutants };
      },
    })),
  );
  return propertySuites;
}

/** Every text fixture of the property suites. */
export function propertyFixtures(): TextFixture[] {
  return propertySuitesShared().flatMap((suite) => suite.fixtures);
}

/** Every kept mutant of the named text mutators on the property suites. */
export function propertyMutants(...names: string[]): Mutant[] {
  return propertySuitesShared().flatMap((suite) => suite.mutants.filter((m) => names.includes(m.mutator)));
}

function textFixturesOf(folders: readonly string[]): TextFixture[] {
  return loadFixtures(folders.map((folder) => join(PACKAGE_ROOT, folder))).filter((f): f is TextFixture => f.kind === 'text');
}

/** A positive case: an artifact, its evidence (the artifact itself when left out), and every mutant the mutator keeps, as full text. */
export interface KeptCase {
  name: string;
  artifact: string;
  evidence?: string;
  /** The question, where the case turns on it. */
  task?: string;
  kept: string[];
}

/** A negative case: a site the mutator must not touch, or a mutant its oracle must reject (with the reason it gives). */
export interface RejectedCase {
  name: string;
  artifact: string;
  evidence?: string;
  /** The question, where the case turns on it. */
  task?: string;
  /** Expected reason of every candidate's rejection; undefined when there must be no candidate at all. */
  reason?: RegExp;
}

/** Every mutant the mutator keeps on a one-fixture suite, as full text in its order. */
export function keptMutants(mutator: TextMutator, artifact: string, evidence = artifact, task?: string): string[] {
  const fixture = textFixture({ artifact, evidence, task });
  return [...mutator.candidates(fixture)].filter((c) => applyTo(artifact, c) !== artifact && mutator.invalidReason!(fixture, c) === null).map((c) => applyTo(artifact, c));
}

/**
 * The spec every text mutator shares: its table of kept mutants, its table of
 * sites left alone or mutants rejected, and the property that on every bundled
 * text fixture each kept mutant changes exactly one claim (artifact sentence).
 */
export function describeTextMutator(mutator: TextMutator, kept: readonly KeptCase[], rejected: readonly RejectedCase[]): void {
  describe(mutator.name, () => {
    it.each(kept)('keeps $name', ({ artifact, evidence, task, kept: expected }) => {
      expect(keptMutants(mutator, artifact, evidence, task)).toEqual(expected);
    });

    it.each(rejected)('rejects $name', ({ artifact, evidence, task, reason }) => {
      const fixture = textFixture({ artifact, evidence: evidence ?? artifact, task });
      const candidates = [...mutator.candidates(fixture)].filter((c) => applyTo(artifact, c) !== artifact);
      if (reason === undefined) expect(candidates.map((c) => applyTo(artifact, c))).toEqual([]);
      else {
        expect(candidates.length).toBeGreaterThan(0);
        for (const c of candidates) expect(mutator.invalidReason!(fixture, c)).toMatch(reason);
      }
    });

    it('changes exactly one claim in every kept mutant of the bundled suites', () => {
      const fixtures = bundledTextFixtures();
      const { mutants } = generateMutants(fixtures, [mutator], { seed: 7, cap: Infinity });
      expect(mutants.length).toBeGreaterThan(0);
      const byId = new Map(fixtures.map((f) => [f.id, f]));
      for (const m of mutants) {
        const before = splitSentences(byId.get(m.fixtureId)!.artifact).map((s) => s.text);
        const after = splitSentences(m.artifact).map((s) => s.text);
        const removed = before.filter((s) => !after.includes(s));
        const added = after.filter((s) => !before.includes(s));
        expect(removed.length + added.length, `${m.id}: ${m.original} -> ${m.replacement}`).toBeGreaterThan(0);
        expect(Math.max(removed.length, added.length), `${m.id}: ${m.original} -> ${m.replacement}`).toBe(1);
      }
    });
  });
}
