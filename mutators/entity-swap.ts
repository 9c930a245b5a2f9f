import { escapeRegExp } from '../src/util/escapeRegExp.js';
import type { TextFixture } from '../src/fixtures/types.js';
import { articleAgrees } from '../src/text/articles.js';
import { containsWords, findEntities, findNumbers, numberKey, replacedInSentence, sentenceAfter, sentenceAround, type EntityPiece, type SupportPassage } from '../src/text/claims.js';
import { nameStated } from '../src/text/mismatches.js';
import { findFigures, sameFigure } from '../src/text/figures.js';
import type { Figure } from '../src/text/figure.js';
import { entityFamilies, mayNamePerson, sameEntityType, standInsFor, swappableNames } from '../src/text/entities.js';
import { findDates, touchesDate } from '../src/text/dates.js';
import { dictionaryForm, namesOneThing } from '../src/text/lexicon.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

/** How many stand-ins to offer per name: enough variety, without flooding one site. */
const ALTERNATIVES_PER_SITE = 4;

/**
 * Replaces a whole named entity with another whole entity of the same role
 * (the same common noun after it, "Classic fare" for "Flex fare"; the same
 * head word, "Disruption Desk" for "Transfer Desk"), taken from the fixture
 * itself, those the evidence names first: a worker who mixes up two plans the
 * document compares makes an honest mistake; else a stand-in of that role
 * (src/text/entities.ts). An indefinite article before the name must fit the
 * new one ("a Northern", "an LNER"), else the site is skipped for it. Months
 * and weekdays are date-shift's.
 */
/**
 * Whether a name is made of dictionary words only ("Customer Service Centre", "Revenue Office"): a function any
 * organisation has, which a generic stand-in of its role can replace. A name with a word of its own ("Rowley Leisure
 * Centre", "Manchester Leisure Centre") is one place or body: unseen31's readers, of a swimming trip "to Help Centre", "implausible as a destination;
 * the place name looks altered".
 */
function namesAFunction(name: string): boolean {
  // WordNet lists lemmas, unaccented: "Pensions", "Facilities" and "Café" are read as "pension", "facility" and "cafe".
  const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  // A word before the role's own word that WordNet knows as one place or body ("Manchester", "Wembley") is a name of its own too.
  const words = name.split(/[\s-]+/);
  return words.every((word, i) => dictionaryForm(plain(word)) !== undefined && (i === words.length - 1 || !namesOneThing(plain(word))));
}

/**
 * Whether two names carry the same figures: "Under-16s" is never swapped for "Under-10s", nor "Terminal 2" for "Terminal
 * 5". A figure changed inside a name changes the answer's figures, and breaks its own ranges ("places for Under-13s to
 * Under-10s"); number-flip leaves a name's number alone too (an identifier), so such a name is swapped by neither.
 */
function sameFiguresIn(name: string, other: string): boolean {
  const figures = (text: string) => findNumbers(text).map(numberKey).join(' ');
  return figures(name) === figures(other);
}

export const entitySwap: TextMutator = {
  name: 'entity-swap',
  kind: 'text',
  *candidates(fixture) {
    const texts = fixtureTexts(fixture);
    const known = texts.flatMap(findEntities);
    const families = familiesOf(fixture);
    const dates = findDates(fixture.artifact);
    const entities = findEntities(fixture.artifact);
    for (const entity of entities) {
      if (entity.kind === 'month' || entity.kind === 'weekday' || touchesDate(dates, entity.start, entity.end) || spelledOutAfter(fixture.artifact, entity)) continue;
      // A swap changes one mention: where the answer names the thing again, the other mention still names the original.
      if (namedAgain(fixture.artifact, entities, entity)) continue;
      // A name the question asks about is restated, not looked up: swapping it contradicts the question.
      if (asked(fixture.task, entity.text)) continue;
      // A tier the answer ranks against another of its ladder, or by a superlative, keeps its place in the order the answer sets.
      if (reranksTier(fixture.artifact, entity)) continue;
      const named = known.filter((other) => sameEntityType(other, entity)).map((other) => other.text);
      // The fixture's own family of the name first: the plan, product or place the documents list or vary beside it.
      const family = [...(families.get(entity.text) ?? [])];
      // No stand-in for a name of a family: beside "Hot Desk" and "Private Office" a "Help Desk" tier is one the answer's other names contradict.
      const standIns = sameEntityType(entity, entity) && family.length === 0 && namesAFunction(entity.text) ? standInsFor(entity.role) : [];
      // "at a WVR ticket office" takes no name said with a vowel: "at a Northern ticket office", never "at a Off-Peak ...".
      // Nor the question's own case, nor a name the answer already gives (which also keeps off one it says otherwise of).
      // A person a pronoun after the name refers to is swapped only for someone a title or a pronoun of the texts gives that sex:
      // else the pronoun argues with the name ("the resident organist, Mrs Ruth Okafor, … his fee goes up by £75", unseen106's
      // readers: "'his' does not fit"; "led by David Mensah. She brings her own team").
      const sex = isPerson(entity.text, texts) ? pronounAfter(fixture.artifact, entity.end) : undefined;
      const alternatives = [...family, ...named, ...standIns]
        .map((other) => titledAs(entity.text, other))
        .filter(
          (other) =>
            !overlaps(other, entity.text) &&
            sameFiguresIn(entity.text, other) &&
            articleAgrees(fixture.artifact, entity.start, other) &&
            !asked(fixture.task, other) &&
            !dropsAskedWord(fixture.task, entity.text, other) &&
            !answerNames(fixture.artifact, entity, other) &&
            !addressNames(fixture.artifact, entity.text, other) &&
            !(entity.role.startsWith('noun:') && namesWhoMayHoldIt(other) && !namesWhoMayHoldIt(entity.text)) &&
            (sex === undefined || sexOf(other, texts) === sex),
        );
      for (const replacement of [...new Set(alternatives)].slice(0, ALTERNATIVES_PER_SITE)) {
        yield { start: entity.start, end: entity.end, replacement };
      }
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const original = fixture.artifact.slice(candidate.start, candidate.end);
    const { sentence, replaced } = replacedInSentence(fixture.artifact, candidate.start, candidate.end, candidate.replacement);
    // As evidence-check reads names (nameStated), and the new one in any case.
    const namesNew = (passage: SupportPassage, claim: string) =>
      nameStated(claim, candidate.replacement, passage) || [passage.sentence, ...passage.context, ...passage.restated].some((s) => containsWords(s.toLowerCase(), candidate.replacement.toLowerCase()));
    if (!nameStated(sentence, original, support)) return 'the original name is not stated in the supporting evidence';
    // The critic aligns the sentence as mutated: the new name's own words may draw in a sentence that names it.
    const mutated = { ...fixture, artifact: fixture.artifact.slice(0, candidate.start) + candidate.replacement + fixture.artifact.slice(candidate.end) };
    const read = supportingSentence(mutated, { ...candidate, end: candidate.start + candidate.replacement.length });
    // Evidence that names the new name may say the sentence of it too, unless it says otherwise of it.
    const contradicted = () => saysOtherwiseOf(sentence, original, candidate.replacement, support);
    if (namesNew(support, replaced) && !contradicted()) return 'the new name is also stated in the supporting evidence';
    if (!readAsOneEntity(fixture.artifact, candidate, familiesOf(fixture))) return 'the mutated sentence does not read the new name as one name of the same role';
    if (('reason' in read || namesNew(read, replaced)) && !contradicted()) return 'the mutated sentence aligns to evidence that names the new name';
    return null;
  },
};

/**
 * Whether the evidence says otherwise of the new name: a figure the claim
 * takes from the supporting sentence, which names the original, is one the
 * evidence gives the new name another value of (givesOtherValue). "Large dogs
 * ... cost $90 with a double coat" beside "Medium dogs ... $72": "our Medium
 * size band, where a full groom for a double coat costs $90" is wrong, though
 * the evidence names Medium.
 */
function saysOtherwiseOf(claim: string, original: string, replacement: string, support: SupportPassage): boolean {
  if (!containsWords(support.sentence, original)) return false;
  return findFigures(claim).some((f) => states(support.sentence, f) && givesOtherValue(f, replacement, original, support.evidence));
}

/**
 * Whether sentences give a name another value of a figure: none that names
 * it states the figure, and one that names it (and not `besides`) states
 * another in its unit (a price for a price, an age for an age).
 */
function givesOtherValue(figure: Figure, name: string, besides: string, sentences: readonly string[]): boolean {
  const naming = sentences.filter((s) => containsWords(s, name));
  return !naming.some((s) => states(s, figure)) && naming.some((s) => !containsWords(s, besides) && findFigures(s).some((g) => g.unit === figure.unit));
}

function states(sentence: string, figure: Figure): boolean {
  return findFigures(sentence).some((g) => sameFigure(figure, g));
}

/** Words that rank what they name, lowest first, one ladder each: the tiers of packages and memberships, the levels of a service, and sizes. */
const TIER_LADDERS = [
  ['bronze', 'silver', 'gold', 'platinum', 'diamond'],
  ['basic', 'standard', 'full', 'premium'],
  ['mini', 'small', 'regular', 'medium', 'large', 'jumbo'],
];
/** A superlative that ranks a name in its sentence: "the biggest size is a Medium parcel". */
const RANKS = /\b(?:biggest|largest|smallest|heaviest|lightest|highest|lowest|cheapest|dearest|most\s+expensive|least\s+expensive|top\s+(?:tier|level|plan|package|option|size|band|grade))\b/i;
/** A sentence that goes on about the thing the one before it named: "It is the biggest we have." */
const GOES_ON = /^\s*(?:it|this|that|they|these)\b/i;
const rungsIn = (text: string, ladder: readonly string[]) => ladder.filter((tier) => new RegExp(`\\b${tier}\\b`, 'i').test(text));

/**
 * Whether a swap moves a tier where the answer names two or more of its ladder: the answer sets them in order ("Gold
 * includes everything in the Silver package", "The Full Service covers the Basic Service work"), and another name there
 * breaks it, a tier of the ladder ("everything in the Platinum package", unseen42's readers: "Platinum is normally the
 * top tier") or not ("covers the Vintage Service work", unseen90's readers: "an odd base tier"). The tiers counted are
 * the answer's names, not its words ("in full", "a silver welcome pack"). A tier in a sentence with a superlative, or
 * before one that goes on about it with one ("It is the biggest we have"), is taken as ranked too: "the biggest size is
 * a Medium parcel" made "a Small parcel" (unseen104's readers: "calling a Small parcel the biggest size is odd"). The
 * superlative is read anywhere in the sentence, so a tier beside one about something else keeps its place as well.
 */
function reranksTier(artifact: string, tier: EntityPiece): boolean {
  const names = findEntities(artifact).map((e) => e.text);
  const sentence = sentenceAround(artifact, tier.start, tier.end);
  const next = sentence ? sentenceAfter(artifact, sentence) : '';
  const ranked = RANKS.test(sentence?.text ?? '') || (GOES_ON.test(next) && RANKS.test(next));
  return TIER_LADDERS.some((ladder) => rungsIn(tier.text, ladder).length > 0 && (ranked || new Set(names.flatMap((name) => rungsIn(name, ladder))).size >= 2));
}

/**
 * Whether the name of a kind of thing ("Student membership", "Family ticket": a name before its common noun) says who
 * may hold it. Swapped in for a name that says no such thing ("Full membership" made "Student membership" for an adult
 * who asks how to play at 6pm), it offers the asker a tier nothing says they belong to (unseen57's readers: "nothing
 * says the asker is a student"; "recommending Junior membership to an adult member is odd"). A closed list of who may
 * hold a tier, not every noun for a person: "Saver", "Executive" and "Premier" name tiers anyone may buy (a review).
 */
function namesWhoMayHoldIt(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[\s-]+/)
    .some((word) => WHO_MAY_HOLD.has(word) || WHO_MAY_HOLD.has(word.replace(/s$/, '')));
}

/** Words by which a tier names who may hold it. */
const WHO_MAY_HOLD: ReadonlySet<string> = new Set([
  'student',
  'junior',
  'senior',
  'child',
  'children',
  'kid',
  'adult',
  'youth',
  'teen',
  'teenager',
  'infant',
  'toddler',
  'baby',
  'pensioner',
  'veteran',
  'family',
  'couple',
  'concession',
  'graduate',
  'carer',
  'resident',
  'corporate',
  'apprentice',
  'joint',
  'group',
  'disabled',
  'retired',
  'unwaged',
]);

/** An email or web address: "aftercare@sheldonpryce.co.uk", "www.example.org/returns". */
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:https?:\/\/|www\.)\S+/gi;

/**
 * Whether an address the answer gives spells a word of the name that the replacement drops: "email our Aftercare Team
 * at aftercare@..." made "our Operations Team at aftercare@..." (unseen38's readers: "looks like a changed team name").
 */
function addressNames(artifact: string, original: string, replacement: string): boolean {
  const addresses = [...artifact.matchAll(ADDRESS)].map((m) => m[0].toLowerCase());
  const dropped = original
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4 && !containsWords(replacement.toLowerCase(), word));
  return dropped.some((word) => addresses.some((address) => address.includes(word)));
}

/**
 * Whether the answer already gives the new name, outside the swap: it tells
 * the two apart, and the swap makes them one. "The Small Box feeds 1 to 2
 * people, and the Medium Box feeds 3 to 4" made "The Medium Box ..., and the
 * Medium Box ..." names two boxes alike (unseen20's readers); "the evening
 * slot is only available in Zone A. Henleaze is in Zone A", said to refuse the
 * evening slot, no longer gives a reason (unseen34's readers). A reader of the
 * answer alone catches both.
 */
function answerNames(artifact: string, entity: EntityPiece, replacement: string): boolean {
  // As written, capitals and all: a stand-in such as "Reading" is not the answer's "reading".
  const rest = `${artifact.slice(0, entity.start)}\n${artifact.slice(entity.end)}`;
  // Nor one that holds a name the answer gives with a word glued on: "Guides Helen Marsh", read off "Guides Helen Marsh and
  // Owen Price lead ...", is the answer's Helen Marsh (unseen125's readers: "Helen Marsh or Guides Helen Marsh ... a name swapped badly").
  return containsWords(rest, replacement) || findEntities(rest).some((named) => named.text !== replacement && containsWords(replacement, named.text));
}

/** Whether the question names the name, in any case ("I'm on the plus plan" names "Plus"): the asker's own case, which a swap to it contradicts. */
function asked(task: string, name: string): boolean {
  return containsWords(task.toLowerCase(), name.toLowerCase());
}

/**
 * Whether the question describes the thing by a word of its name that the stand-in lacks, before the name's own head
 * noun: "your daily contact lens plan" asks about the Daily Comfort Plan, and "the Monthly Plan" in its place answers
 * another question (unseen75's readers: "the question asks about a daily lens plan but the answer calls it the
 * 'Monthly Plan'"). A word the question uses of something else ("the travel policy" beside the Travel Desk) is not one.
 */
function dropsAskedWord(task: string, name: string, replacement: string): boolean {
  const words = name
    .toLowerCase()
    .split(/\W+/)
    .filter((word) => word.length > 2);
  const head = words.at(-1);
  if (head === undefined) return false;
  const kept = new Set(replacement.toLowerCase().split(/\W+/));
  return words.slice(0, -1).some((word) => !kept.has(word) && new RegExp(`\\b${escapeRegExp(word)}\\b(?:\\s+[\\w-]+){0,3}?\\s+${escapeRegExp(head)}s?\\b`, 'i').test(task));
}

/** The fixture's texts, the evidence's first (then the task, the answer and the trace), so stand-ins come from the documents. */
function fixtureTexts(fixture: TextFixture): string[] {
  return [...fixture.evidence.flatMap((e) => [e.title ?? '', e.text]), fixture.task, fixture.artifact, fixture.trace ?? ''];
}

/**
 * A courtesy title before a person's name, and the sex it tells where it tells one. Not "Dr" or "Prof": a doctor is
 * named with the title, and "Dr Martens Ltd" is a firm (a review: "Martens Ltd").
 */
const TITLE = /^(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+/;
const SEX_OF_TITLE: Readonly<Record<string, string>> = { Mr: 'male', Mrs: 'female', Ms: 'female', Miss: 'female' };

/** A name after a courtesy title, the title captured: "Mrs Okafor" for "Okafor". */
function titledName(bare: string, flags = ''): RegExp {
  return new RegExp(`\\b(Mr|Mrs|Ms|Miss|Mx)\\.?\\s+${escapeRegExp(bare)}\\b`, flags);
}

/**
 * A person's name as the answer writes its people: without the title the evidence gives it ("Mrs Ruth Okafor" for "Gareth
 * Pryce", unseen106's readers: "oddly formal beside the other names").
 */
function titledAs(original: string, other: string): string {
  return TITLE.test(original) ? other : other.replace(TITLE, '');
}

/**
 * The sex a fixture's texts give a person: by a title ("Mr Gareth Pryce") or by a pronoun that refers back to the name
 * ("Ruth Okafor, who brings her own team"); undefined where they give none, or both.
 */
function sexOf(name: string, texts: readonly string[]): string | undefined {
  const bare = name.replace(TITLE, '');
  const titled = titledName(bare, 'g');
  const named = new RegExp(`\\b${escapeRegExp(bare)}\\b`, 'g');
  const sexes = new Set(
    texts.flatMap((text) => [...[...text.matchAll(titled)].flatMap((m) => SEX_OF_TITLE[m[1]!] ?? []), ...[...text.matchAll(named)].flatMap((m) => pronounAfter(text, m.index + m[0].length) ?? [])]),
  );
  return sexes.size === 1 ? [...sexes][0] : undefined;
}

/** Whether a name is a person's: shaped as one, or given a courtesy title in the texts ("Mrs Okafor"; the review's finding). */
function isPerson(name: string, texts: readonly string[]): boolean {
  const bare = name.replace(TITLE, '');
  const titled = titledName(bare);
  return TITLE.test(name) || mayNamePerson(bare) || texts.some((text) => titled.test(text));
}

/**
 * The sex of the first gendered pronoun after a name (ending at `end`), to the end of the next sentence, where no
 * other name comes between: the pronoun refers back to that name.
 */
function pronounAfter(text: string, end: number): string | undefined {
  const sentence = sentenceAround(text, end - 1, end);
  const rest = `${text.slice(end, sentence?.end ?? end)} ${sentence ? sentenceAfter(text, sentence) : ''}`;
  const pronoun = /\b(?:(he|him|his|himself)|(she|her|hers|herself))\b/i.exec(rest);
  if (pronoun === null || findEntities(rest.slice(0, pronoun.index)).some((e) => e.kind !== 'month' && e.kind !== 'weekday')) return undefined;
  return pronoun[1] ? 'male' : 'female';
}

/** One name inside the other ("Contact Centre", "Aurelia Air Contact Centre"), either way, any case: not a different entity. */
function overlaps(a: string, b: string): boolean {
  return containsWords(a.toLowerCase(), b.toLowerCase()) || containsWords(b.toLowerCase(), a.toLowerCase());
}

/**
 * Whether the mutated sentence reads the replacement as exactly one name with
 * the original's role: what the evidence-check critic reads in it, so it can
 * see the swap, and what a reader sees (no word glued onto a name).
 */
function readAsOneEntity(artifact: string, candidate: MutationCandidate, families: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const claim = sentenceAround(artifact, candidate.start, candidate.end);
  if (!claim) return false;
  const before = findEntities(claim.text).find((e) => e.start === candidate.start - claim.start && e.end === candidate.end - claim.start);
  const mutated = claim.text.slice(0, candidate.start - claim.start) + candidate.replacement + claim.text.slice(candidate.end - claim.start);
  const start = candidate.start - claim.start;
  const after = findEntities(mutated).find((e) => e.start === start && e.end === start + candidate.replacement.length);
  return before !== undefined && after !== undefined && swappableNames(before, after, families);
}

/** The families of names the fixture's evidence, question and answer write (entityFamilies); not the titles, whose commas list no names. */
export function familiesOf(fixture: TextFixture): Map<string, Set<string>> {
  return entityFamilies([...fixture.evidence.map((e) => e.text), fixture.task, fixture.artifact, fixture.trace ?? '']);
}

/**
 * Whether the answer (its names, `entities`) names the thing again outside this mention: the whole name ("the Yard Office ... the Yard Office"),
 * or a name inside it or around it ("Care Plus members" beside "the Care Plus Plan"), as overlaps reads them. A swap
 * changes one mention, and the other still names the original (unseen71's readers, of "the Keystone Care Plan" beside
 * "Care Plus members also get 10% off": "the plan names don't match"). Parts of names as findEntities reads them: a
 * common word opening a sentence ("Plan holders get priority") is none; but the whole name, as written, wherever it
 * stands ("Splashers swim without a parent").
 */
function namedAgain(text: string, entities: readonly EntityPiece[], entity: EntityPiece): boolean {
  if (entities.some((other) => other.start !== entity.start && overlaps(other.text, entity.text))) return true;
  // The same name where findEntities reads none: opening a sentence ("he can join Splashers ... Splashers swim without a parent", unseen94's readers).
  return [...text.matchAll(new RegExp(`(?<![\\w-])${escapeRegExp(entity.text)}(?![\\w-])`, 'g'))].some((m) => m.index !== entity.start);
}

/** A name its acronym follows ("Property Irregularity Report (PIR)"): swapping the name alone leaves the acronym out of step. */
function spelledOutAfter(text: string, entity: EntityPiece): boolean {
  const initials = entity.text
    .split(/\s+/)
    .map((w) => w[0])
    .join('');
  return text.startsWith(` (${initials})`, entity.end);
}
