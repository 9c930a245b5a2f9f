import { containsWords, findEntities, gazetteerFor, type EntityPiece } from '../src/text/claims.js';
import type { TextFixture } from '../src/fixtures/types.js';
import { findDates, touchesDate } from '../src/text/dates.js';
import { supportingSentence } from './text-support.js';
import type { TextMutator } from './types.js';

/** How many stand-ins to offer per name: enough variety, without flooding one site. */
const ALTERNATIVES_PER_SITE = 3;

/** Replaces a named entity with another of the same kind, preferring names the fixture itself mentions. Months and weekdays are date-shift's. */
export const entitySwap: TextMutator = {
  name: 'entity-swap',
  kind: 'text',
  *candidates(fixture) {
    const known = namesInFixture(fixture);
    const dates = findDates(fixture.artifact);
    for (const entity of findEntities(fixture.artifact)) {
      if (entity.kind === 'month' || entity.kind === 'weekday' || touchesDate(dates, entity.start, entity.end)) continue;
      const alternatives = [...known, ...gazetteerFor(entity.kind).map((text) => ({ text, kind: entity.kind }))]
        .filter((other) => other.kind === entity.kind && other.text !== entity.text)
        .map((other) => other.text);
      for (const replacement of [...new Set(alternatives)].slice(0, ALTERNATIVES_PER_SITE)) {
        yield { start: entity.start, end: entity.end, replacement };
      }
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const original = fixture.artifact.slice(candidate.start, candidate.end);
    if (!containsWords(support.sentence, original)) return 'the original name is not stated in the supporting evidence';
    if (containsWords(support.sentence, candidate.replacement)) return 'the new name is also stated in the supporting evidence';
    return null;
  },
};

function namesInFixture(fixture: TextFixture): EntityPiece[] {
  const texts = [fixture.artifact, ...fixture.evidence.flatMap((e) => [e.title ?? '', e.text]), fixture.trace ?? ''];
  return texts.flatMap(findEntities);
}
