import { fixtureKind } from '../fixtures/kinds/index.js';
import type { Fixture } from '../fixtures/types.js';
import type { MutationCandidate, Mutator } from '../../mutators/types.js';
import { sha256Hex, stableId } from '../util/hash.js';
import { RecentResults } from '../util/recentResults.js';
import { spanOf } from './span.js';
import type { IgnoredMutant, Mutant, MutantRecord } from './types.js';
import { escapeRegExp } from '../util/escapeRegExp.js';

export interface GenerationOptions {
  seed: number;
  /** Most mutants kept per fixture and mutator, sampled with the seed. */
  cap: number;
}

export interface Generation {
  mutants: Mutant[];
  ignored: IgnoredMutant[];
}

/**
 * Applies every mutator that fits each fixture's kind. Candidates the oracle
 * rejects become ignored mutants with their reason, and so do valid ones whose
 * text a more specific mutator also made (merged); the valid ones are sampled
 * down to the cap by a seeded hash order, so the same config always yields the
 * same mutants and a larger cap only adds to a smaller one's set.
 */
export function generateMutants(fixtures: readonly Fixture[], mutators: readonly Mutator[], options: GenerationOptions): Generation {
  const mutants: Mutant[] = [];
  const ignored: IgnoredMutant[] = [];
  for (const fixture of fixtures) {
    const generated = generationOf(fixture, mutators, options);
    mutants.push(...generated.mutants);
    ignored.push(...generated.ignored);
  }
  return { mutants, ignored };
}

/**
 * One fixture's generation, by what it is computed from: the fixture's
 * content, the mutators (by identity: a spec may build its own under a
 * registered name) and the options. A process generates one fixture's mutants
 * more than once when a review audit reviews the suite it mutates, a dry run
 * precedes the run, or a test suite runs many audits of the bundled fixtures
 * in one worker; the oracles' claim analysis is most of an audit's CPU before
 * the reviews. Mutants are plain data, frozen, and callers get arrays of their own.
 */
const generations = new RecentResults<Readonly<Generation>>(2_000);
const mutatorIds = new WeakMap<Mutator, number>();
let mutatorsSeen = 0;
const idOf = (m: Mutator) => mutatorIds.get(m) ?? mutatorIds.set(m, ++mutatorsSeen).get(m)!;

function generationOf(fixture: Fixture, mutators: readonly Mutator[], options: GenerationOptions): Readonly<Generation> {
  const content = JSON.stringify(fixture);
  return generations.get(stableId(content, mutators.map(idOf).join(','), options.seed, options.cap), () => generate(fixture, content, mutators, options));
}

/** A candidate applied, and the oracle's reason to reject it (null: valid). */
interface Judged {
  mutant: Mutant;
  reason: string | null;
}

/**
 * Every distinct candidate one mutator makes of one fixture, applied and
 * judged: what its oracle says depends on neither the seed, the cap nor the
 * other mutators, which differ between the audits of one suite (a run's
 * `mutantsPerFixture`, a spec's seed, a check of one mutator), so they share it.
 */
const judgedByMutator = new RecentResults<readonly Judged[]>(20_000);

function judged(fixture: Fixture, content: string, mutator: Mutator): readonly Judged[] {
  return judgedByMutator.get(stableId(content, idOf(mutator)), () => {
    const all: Judged[] = [];
    const seen = new Set<string>();
    for (const candidate of (mutator as Mutator<typeof fixture>).candidates(fixture)) {
      const mutant = Object.freeze(applyCandidate(fixture, mutator.name, candidate, mutator as Mutator<typeof fixture>));
      if (seen.has(mutant.id)) continue;
      seen.add(mutant.id);
      const reason = mutant.artifact === fixture.artifact ? 'replacement equals the original text' : ((mutator as Mutator<typeof fixture>).invalidReason?.(fixture, candidate) ?? null);
      all.push({ mutant, reason });
    }
    return all;
  });
}

function generate(fixture: Fixture, content: string, mutators: readonly Mutator[], options: GenerationOptions): Generation {
  const mutants: Mutant[] = [];
  const ignored: IgnoredMutant[] = [];
  // The more specific mutators first, so a text two of them make stays with the more specific one.
  const bySpecificity = [...mutators].sort((a, b) => (b.specificity ?? 0) - (a.specificity ?? 0));
  const kept = new Map<Mutator, Mutant[]>();
  const byText = new Map<string, Mutant>();
  for (const mutator of bySpecificity) {
    if (mutator.kind !== fixture.kind) continue;
    const valid: Mutant[] = [];
    for (const { mutant, reason } of judged(fixture, content, mutator)) {
      const twin = reason === null ? byText.get(mutant.artifact) : undefined;
      if (twin && twin.mutator !== mutator.name) ignored.push(Object.freeze({ ...recordOf(mutant), reason: `${MERGED} ${twin.mutator} mutant ${twin.id}` }));
      else if (reason === null) {
        valid.push(mutant);
        byText.set(mutant.artifact, mutant);
      } else ignored.push(Object.freeze({ ...recordOf(mutant), reason }));
    }
    kept.set(mutator, valid);
  }
  // Shared by every caller from now on: a caller that changed one would change the others'.
  for (const mutator of mutators) mutants.push(...sampleBySeed(kept.get(mutator) ?? [], options));
  return { mutants, ignored };
}

/** How an ignored mutant's reason starts when another mutator made the same text: counted once, under that one. */
export const MERGED = 'merged: the same text as the';

export function applyCandidate<F extends Fixture>(fixture: F, mutatorName: string, candidate: MutationCandidate, mutator?: Mutator<F>): Mutant {
  const { start, end, replacement } = candidate;
  const original = fixture.artifact.slice(start, end);
  // The worker's own texts defend the mutant, as a real worker's defend its mistake; a mutator may know better
  // than find-and-replace how the trace does it (an omitted or inserted sentence). Declared fields take the replacement.
  const quotable = fixtureKind(fixture.kind).quotableInTrace?.(original) ?? true;
  const untouched = (text: string | undefined) => text === undefined || !quotable;
  const consistent = (text: string | undefined) => (untouched(text) ? text : mutateTrace(text!, original, replacement));
  return {
    id: stableId(fixture.id, mutatorName, start, end, replacement),
    fixtureId: fixture.id,
    mutator: mutatorName,
    span: spanOf(fixture.artifact, start, end),
    original,
    replacement,
    artifact: fixture.artifact.slice(0, start) + replacement + fixture.artifact.slice(end),
    trace: !untouched(fixture.trace) && mutator?.defendInTrace ? mutator.defendInTrace(fixture, candidate, fixture.trace!) : consistent(fixture.trace),
    ...(fixture.fields ? { fields: Object.fromEntries(Object.entries(fixture.fields).map(([k, v]) => [k, consistent(v)!])) } : {}),
  };
}

/**
 * The worker's trace must defend the mutant, as a real worker's trace defends
 * its own mistake: every whole-word occurrence of the original text gets the
 * same replacement. (Deletion mutators put one adjacent space inside their span,
 * so a deletion reads naturally here too.)
 */
export function mutateTrace(trace: string, original: string, replacement: string): string {
  if (original.trim() === '') return trace;
  const escaped = escapeRegExp(original);
  // Numbers end where a number ends: "5" is not the 5 of "7.5", and "1" not the 1 of "1,200".
  const before = /^\w/.test(original) ? (/^\d/.test(original) ? '(?<![\\w.]|\\d,)' : '(?<![\\w])') : '';
  const after = /\w$/.test(original) ? (/\d$/.test(original) ? '(?![\\w]|[.,]\\d)' : '(?![\\w])') : '';
  const pattern = new RegExp(before + escaped + after, 'g');
  return trace.replace(pattern, () => replacement);
}

function sampleBySeed(mutants: Mutant[], { seed, cap }: GenerationOptions): Mutant[] {
  if (mutants.length <= cap) return mutants;
  const rank = new Map(mutants.map((m) => [m.id, sha256Hex(`${seed}\0${m.id}`)]));
  const chosen = new Set([...mutants].sort((a, b) => (rank.get(a.id)! < rank.get(b.id)! ? -1 : 1)).slice(0, cap));
  return mutants.filter((m) => chosen.has(m)); // keep artifact order for readable reports
}

/** A mutant as the ignored list records it: what was changed, without the texts it made. */
export function recordOf(mutant: Mutant): MutantRecord {
  const { id, fixtureId, mutator, span, original, replacement } = mutant;
  return { id, fixtureId, mutator, span, original, replacement };
}
