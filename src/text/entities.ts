/**
 * Named entities of policy-style prose ("Finance Team", "Manage Booking",
 * "HMRC"), with what each names, so that a swap replaces a name with another
 * of the same type and the evidence-check critic reads the same names.
 */

import type { Piece } from './piece.js';
import { namesPerson, nounFileOf, sensesOf } from './lexicon.js';
import { readSentences, type Token } from './nlp.js';
import { readCurrency } from './currency.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Capitalised words that open sentences or are not names. */
const NOT_NAMES = new Set(
  "I I'm I've I'd I'll I’m I’ve I’d I’ll A An The This That These Those It Its If In On At For From To By With While When Where Unless Except Only Each Every Any All No Not Employees Employee Staff Adults Adult Children Patients Patient Taxpayers Businesses Claims Payments Doses Requests Where Once After Before During Under Over As Both Either Neither Retrieved Checked Confirmed Verified Read Looked Found Took Cross Then So Also But And Or Our Their Your".split(
    ' ',
  ),
);

/**
 * What a name is, for swapping like with like: a month, a weekday, an acronym,
 * a phrase by its head word ("Finance Team" is a team), or a single word by
 * the word before it ("in London" is a place the way "in Leeds" is).
 */
export type EntityKind = 'month' | 'weekday' | 'acronym' | `phrase:${string}` | `word:${string}`;

export interface EntityPiece extends Piece {
  kind: EntityKind;
  /**
   * What the name names, for swapping like with like: for a single word, the
   * common noun it qualifies ("Business plan", "Classic fares": "noun:plan",
   * "noun:fare"), else its kind; for a phrase, its kind (its head word).
   */
  role: string;
}

// A run of capitalised words or acronyms, allowing "&", "of", "for", "de" between them ("Leave & Absence"). Not "and":
// "Manage Booking and Disruption Desk" are two names. A possessive 's, straight or curly, is never part of a name.
// Letters of any script, so that "Fine Art Giclée" and "Ciarán Walsh" are whole names, not "Fine Art Gicl" and "Ciar".
const NAME_RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}-]*(?:['’](?!s\b)[\p{L}\p{N}-]+)?(?:(?:\s+(?:&|of|for|de)\s+|\s+)\p{Lu}[\p{L}\p{N}-]*(?:['’](?!s\b)[\p{L}\p{N}-]+)?)*/gu;

/**
 * Words in double quotation marks that an answer gives as an example of what
 * the asker may write ('a message such as "Happy 60th"'): the asker's own
 * words, no name the evidence states (unseen57's false alarm). Only after a
 * word for a text someone writes: a product named in quotes ('a cake such as
 * "Gold Plus"') is still a name.
 */
const QUOTED_EXAMPLE = /\b(?:message|wording|words|text|inscription|caption|greeting|note|name)\s+(?:such as|like|for example|for instance|e\.g\.|saying|reading),?\s*["“]([^"”]{1,60})["”]/giu;

export function findEntities(text: string): EntityPiece[] {
  const entities: EntityPiece[] = [];
  const examples = [...text.matchAll(QUOTED_EXAMPLE)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  for (const match of text.matchAll(NAME_RUN)) {
    if (examples.some((e) => e.start <= match.index && match.index < e.end)) continue;
    let words = match[0].split(/\s+/);
    let start = match.index;
    // Drop leading words capitalised only by grammar: at a sentence start ("Employees of ...", "Use Manage Booking": a verb, as the language model reads it), or function words anywhere.
    const opening = opensSentence(text, start);
    while (
      words.length > 0 &&
      ((NOT_NAMES.has(words[0]!) && (opening || FUNCTION_WORDS.has(words[0]!))) || (opening && start === match.index && words.length > 1 && capitalisedByGrammar(text, start, words)))
    ) {
      start = text.indexOf(words[1] ?? '', start + words[0]!.length);
      words = words.slice(1);
    }
    // The currency of an amount ("Hot Desk USD 390") is the amount's, not part of a name.
    if (words.length > 0 && readCurrency(words[words.length - 1]!).sign && /^[ \u00a0]?\d/.test(text.slice(match.index + match[0].length))) words = words.slice(0, -1);
    while (words.length > 0 && /^(?:&|of|and|for|de)$/.test(words[words.length - 1]!)) words = words.slice(0, -1);
    if (words.length === 0 || start < 0) continue;
    // A lone capitalised word opening a sentence is capitalised by grammar, unless it is a known kind of name.
    const kind = entityKind(words, /(\w+)\W*$/.exec(text.slice(Math.max(0, start - 24), start))?.[1]?.toLowerCase() ?? '');
    if (words.length === 1 && start === match.index && opensSentence(text, start) && kind.startsWith('word:')) continue;
    const body = words.join(' ');
    if (text.slice(start, start + body.length) !== body) continue; // irregular spacing: skip rather than mis-span
    if (words.length === 1 && body.length < 2) continue; // a unit such as the C of "8°C"
    if (insideLongerName(text, start, start + body.length)) continue; // "Account" of "Payments on Account"
    entities.push({ text: body, start, end: start + body.length, kind, role: roleOf(text, words, start + body.length, kind) });
  }
  // "Classic and Flex fares": the first name qualifies the noun of the second.
  for (let i = entities.length - 2; i >= 0; i--) {
    const [name, next] = [entities[i]!, entities[i + 1]!];
    if (name.role === name.kind && next.role.startsWith('noun:') && /^(?:,\s*|\s+(?:and|or)\s+)$/.test(text.slice(name.end, next.start))) name.role = next.role;
  }
  return entities;
}

/** A single word by the noun it qualifies, else a brand written in camel case ("BorrowBox", "PressReader"), else by its kind; a phrase by its kind. */
function roleOf(text: string, words: readonly string[], end: number, kind: EntityKind): string {
  if (words.length > 1) return kind;
  const noun = qualifiedNoun(text, end);
  if (noun) return `noun:${noun}`;
  return /^[A-Z][a-z]+[A-Z]/.test(words[0]!) ? 'brand' : kind;
}

/** The parts of speech a word of a name can have; a capitalised verb or adjective opening a sentence is not one. */
const NAME_POS = new Set(['PROPN', 'NOUN', 'NUM', 'X']);

/**
 * Whether the word opening a sentence before a name is capitalised only by
 * grammar: a verb as the language model reads it ("Opened Brightwell
 * Appliances"), or a word English uses as a verb before a name of two words
 * or more ("Use Manage Booking", "Contact Kestrel Lettings": the model tags
 * every capitalised word of an imperative a proper noun). "Standard Block
 * Storage" (no verb) and "Object Storage" (one word would be left, half a
 * name) keep their first word.
 */
function capitalisedByGrammar(text: string, offset: number, words: readonly string[]): boolean {
  const pos = tokenAt(text, offset)?.pos ?? 'X';
  return !NAME_POS.has(pos) || (words.length > 2 && sensesOf(words[0]!.toLowerCase()).some((sense) => sense.startsWith('v')));
}

/** The token that starts at an offset of a text, as the language model reads the text. */
function tokenAt(text: string, offset: number): Token | undefined {
  for (const sentence of readSentences(text)) for (const t of sentence.tokens) if (t.start === offset) return t;
  return undefined;
}

/**
 * The common noun a name qualifies, written right after it ("the Business
 * plan", "Classic fares"): its lemma, or "". Of a compound, its head, the
 * last noun: "a WVR ticket office" names an office (its operator), not a
 * ticket, so no fare ("an Off-Peak ticket") stands in for it.
 */
function qualifiedNoun(text: string, end: number): string {
  if (text[end] !== ' ') return '';
  const tokens = readSentences(text).flatMap((s) => s.tokens);
  let at = tokens.findIndex((t) => t.start === end + 1);
  const isNoun = (t: Token | undefined) => t !== undefined && t.pos === 'NOUN' && /^[a-z]+$/.test(t.text);
  if (at < 0 || !isNoun(tokens[at])) return '';
  while (isNoun(tokens[at + 1]) && tokens[at + 1]!.start === tokens[at]!.end + 1) at++;
  return tokens[at]!.lemma;
}

/** Capitalised function words: never the start of a name, wherever they stand. */
const FUNCTION_WORDS = new Set(
  "I I'm I've I'd I'll I’m I’ve I’d I’ll A An The This That These Those It Its If In On At For From To By With While When Where Unless Except Only Each Every Any All No Not Once After Before During Under Over As Both Either Neither Then So Also But And Or Our Their Your".split(
    ' ',
  ),
);

/**
 * A name joined to another by "on" or "to" ("Payments on Account", "Time to
 * Pay Arrangement") is one longer name; swapping either half would garble it.
 */
function insideLongerName(text: string, start: number, end: number): boolean {
  return /\s(?:on|to)\s+[A-Z]/.test(text.slice(end, end + 6)) || /[A-Z][A-Za-z]*\s+(?:on|to)\s$/.test(text.slice(Math.max(0, start - 24), start));
}

function opensSentence(text: string, offset: number): boolean {
  // An opening quote or bracket does not change that: '"Production system down" is a Severity 1 issue'.
  // Nor a list item's marker: "- Paper ticket: ...", "• Price: ...", "2) Security deposit ..." open a line as a sentence does.
  return /(?:^\s*|[.!?:]\s+|\n\s*)(?:(?:[-*•–—]|\d{1,2}[.)])\s+)?["'“‘(]?$/.test(text.slice(Math.max(0, offset - 8), offset)) || offset === 0;
}

function entityKind(words: string[], previousWord: string): EntityKind {
  const last = words[words.length - 1]!;
  if (words.length === 1) {
    if (MONTHS.includes(last)) return 'month';
    // A weekday in the plural is one too: "closed on Sundays".
    if (WEEKDAYS.includes(last) || WEEKDAYS.includes(last.replace(/s$/, ''))) return 'weekday';
    if (/^[A-Z0-9]{2,}$/.test(last)) return 'acronym';
    return `word:${previousWord}`;
  }
  return `phrase:${last.toLowerCase()}`;
}

/** Same-kind stand-ins that exist whatever the fixture names. */
export function gazetteerFor(kind: EntityKind): readonly string[] {
  if (kind === 'month') return MONTHS;
  if (kind === 'weekday') return WEEKDAYS;
  return [];
}

/**
 * Roles too loose to say two names are of one type: any acronym ("UTC" and
 * "SMS"), any single word after an article ("the IDs" and "the Tenant").
 */
const LOOSE_ROLES = new Set(['acronym', 'word:the', 'word:a', 'word:an', 'word:your', 'word:our', 'word:their', 'word:its', 'word:this', 'word:that']);

/**
 * Whether two names are of one type, so that one may stand for the other: the same role, and one precise enough to
 * tell; a month or a weekday only with another of its kind, whatever noun it qualifies ("Saturday delivery" is no
 * service like "Express delivery": unseen54's readers, "a faster service called Saturday delivery makes no sense").
 */
export function sameEntityType(a: Pick<EntityPiece, 'role' | 'kind'>, b: Pick<EntityPiece, 'role' | 'kind'>): boolean {
  const dated = LISTLESS_KINDS.has(a.kind) || LISTLESS_KINDS.has(b.kind);
  return a.role === b.role && !LOOSE_ROLES.has(a.role) && (!dated || a.kind === b.kind);
}

/**
 * Stand-ins that exist whatever the fixture names, by role: the teams, desks,
 * offices and forms any organisation's documents may name, in no one
 * domain's words (no "Tenancy" or "Billing"), for a name the evidence offers
 * no other of its type for. Each reads back with its role.
 */
const STAND_INS: Readonly<Record<string, readonly string[]>> = {
  'phrase:team': ['Operations Team', 'Support Team', 'Administration Team'],
  'phrase:desk': ['Help Desk', 'Service Desk', 'Information Desk'],
  'phrase:office': ['Head Office', 'Administration Office'],
  'phrase:centre': ['Service Centre', 'Help Centre'],
  'phrase:portal': ['Self-Service Portal', 'Online Portal'],
  'phrase:form': ['Application Form', 'Request Form'],
  'phrase:manager': ['Service Delivery Manager', 'Operations Manager'],
  'phrase:services': ['Customer Services', 'Ground Services'],
  'phrase:tool': ['Data Migration Tool', 'Backup Tool'],
  'phrase:page': ['Support Page', 'Help Page'],
  'phrase:discount': ['Volume Discount', 'Loyalty Discount'],
  'phrase:booking': ['Online Booking'],
  // No plans, fares or tiers: their names rank them ("Basic" is never the upgrade), so only those the fixture names stand in.
  // No rooms: a room is named for what happens in it, and a generic one reads as a slip of the place (readers of unseen28
  // and unseen42: a fitting in the "Community Room", a spa lunch "in the Meeting Room").
};

export function standInsFor(role: string): readonly string[] {
  return STAND_INS[role] ?? [];
}

/**
 * Names of one family, as a fixture's own texts group them, whatever their
 * head words: the names a sentence lists together ("Lifetime Essential,
 * Time-Limited and Accident Only do not cover ...", "Off-Peak and Concession
 * memberships"), and the variants of one brand or line ("Brightwave Plus",
 * "Brightwave Unlimited"; "VoltCare Standard", "VoltCare Plus"). A document
 * that lists or varies them puts them side by side: mixing two of them up is
 * the honest mistake, and each is a whole name of the same kind.
 */
export function entityFamilies(texts: readonly string[]): Map<string, Set<string>> {
  const families = new Map<string, Set<string>>();
  const join = (a: string, b: string) => {
    if (a === b) return;
    families.set(a, (families.get(a) ?? new Set()).add(b));
    families.set(b, (families.get(b) ?? new Set()).add(a));
  };
  // The word before each name, wherever it is written: "on Brightwave Plus", "on Brightwave Unlimited" stand in one slot.
  const slots = new Map<string, Set<string>>();
  for (const text of texts) {
    const names = findEntities(text).filter((e) => !LISTLESS_KINDS.has(e.kind) && e.kind !== 'acronym');
    for (const e of names) {
      const before = /(\w+)\s+$/.exec(text.slice(Math.max(0, e.start - 16), e.start))?.[1]?.toLowerCase();
      if (before && !DETERMINERS.has(before)) slots.set(e.text, (slots.get(e.text) ?? new Set()).add(before));
    }
    // A list: names one after the other with only ", " between them, and " and " or " or " before the last ("At Kelvin Park, Off-Peak ..." is none).
    let run: EntityPiece[] = [];
    names.forEach((name, i) => {
      run.push(name);
      const next = names[i + 1];
      const gap = next ? text.slice(name.end, next.start) : '';
      if (next && /^,\s*$/.test(gap)) return;
      if (next && /^,?\s+(?:and|or)\s+$/.test(gap)) {
        run.push(next);
        for (const a of run) for (const b of run) join(a.text, b.text);
      }
      run = [];
    });
  }
  // Variants: two words, the same first word, written in one slot ("on Brightwave Plus", "on Brightwave Unlimited"); not "the Brightwave SIM".
  const variants = [...slots.keys()].filter((name) => name.split(' ').length === 2);
  for (const a of variants) {
    for (const b of variants) {
      const [wa, wb] = [a.split(' '), b.split(' ')];
      // And their short forms, as an answer writes them after naming the brand ("on Plus", "on Unlimited").
      if (wa[0] === wb[0] && wa[1] !== wb[1] && [...slots.get(a)!].some((w) => slots.get(b)!.has(w))) {
        join(a, b);
        join(wa[1]!, wb[1]!);
      }
    }
  }
  // Tiers a document opens its sentences with ("Small dogs ...", "Medium dogs ...", "Large dogs ..."), where the fixture writes one as a name ("our Large size band").
  const named = new Set(texts.flatMap((text) => findEntities(text).map((e) => e.text)));
  for (const tiers of sentenceOpeners(texts).values()) {
    if (tiers.size > 1 && [...tiers].some((tier) => named.has(tier))) for (const a of tiers) for (const b of tiers) join(a, b);
  }
  // The people the texts name, each beside what they do: "ask Owen Pritchard" for "ask Priya Shah" is a mix-up of two of the staff.
  const people = [...new Set(texts.flatMap(personNames))];
  for (const a of people) for (const b of people) join(a, b);
  // The members of a list are one family: "A, B and C" joins A with C too.
  for (const [name, mates] of families) for (const mate of [...mates]) for (const other of families.get(mate) ?? []) if (other !== name) mates.add(other);
  return families;
}

/**
 * The capitalised words that open sentences before one common noun, by that
 * noun's lemma: "Small dogs (up to 10 kg) cost $45", "Medium dogs (10.1 kg to
 * 25 kg) cost $60" give dog: Small, Medium. A word that qualifies the noun
 * (an adjective or a name, as the language model reads it), never a function
 * word or a verb ("Use", "Please").
 */
function sentenceOpeners(texts: readonly string[]): Map<string, Set<string>> {
  const openers = new Map<string, Set<string>>();
  for (const sentence of texts.flatMap(readSentences)) {
    const [first, next] = sentence.tokens;
    if (!first || !next || next.start !== first.end + 1 || next.pos !== 'NOUN' || !/^\p{Ll}+$/u.test(next.text)) continue;
    if (!/^\p{Lu}\p{Ll}+$/u.test(first.text) || NOT_NAMES.has(first.text) || !QUALIFIER_POS.has(first.pos)) continue;
    openers.set(next.lemma, (openers.get(next.lemma) ?? new Set()).add(first.text));
  }
  return openers;
}

/** The parts of speech of a word that names a tier before its noun ("Large dogs", "Premium rooms"). */
const QUALIFIER_POS = new Set(['ADJ', 'PROPN']);

/**
 * The names of people a text writes beside a noun for a person, as WordNet
 * files its commonest sense: "Priya Nandakumar, our studio manager", "our
 * site manager Dana Whitfield", "our head baker, Marta Kowalczyk". A name of
 * two or three plain words; after the first (a given name may be a word:
 * "Tom"), none a noun of another kind: "Cresthaven Print Co., our lab
 * partner" is a firm.
 */
function personNames(text: string): string[] {
  return findEntities(text)
    .filter((e) => {
      if (!mayNamePerson(e.text)) return false;
      const before = /(\p{Ll}+),?\s+$/u.exec(text.slice(Math.max(0, e.start - 40), e.start))?.[1];
      // The apposition's head noun, before any phrase that qualifies it: "our group class for three-year-olds" is a class.
      const apposition = /^,\s+(?:our|the|a|an|your|their)\s+([^,.;:!?()]*)/u.exec(text.slice(e.end, e.end + 60))?.[1]?.split(/\s+(?:for|of|in|at|with|to|on|who|that|which)\s/)[0];
      const head = apposition?.trim().split(/\s+/).pop();
      return [before, head].some((noun) => noun !== undefined && namesPerson(noun));
    })
    .map((e) => e.text);
}

/**
 * Whether a name is shaped as a person's: two or three plain capitalised words, none after the first a noun of another
 * kind ("Ruth Okafor", not "Front Desk" or "Cresthaven Print Co.").
 */
export function mayNamePerson(name: string): boolean {
  const words = name.split(' ');
  if (words.length < 2 || words.length > 3 || !words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w))) return false;
  return !words.slice(1).some((w) => nounFileOf(w) !== '' && !namesPerson(w));
}

/** Kinds no list of names is made of: dates are date-shift's. */
const LISTLESS_KINDS = new Set<EntityKind>(['month', 'weekday']);
/** Words before a name that say nothing of its slot. */
const DETERMINERS = new Set(['the', 'a', 'an', 'your', 'our', 'their', 'its', 'this', 'that', 'any', 'each', 'every', 'and', 'or']);

/** Whether one name may stand for another: of one type (sameEntityType), or of one family of the fixture's (entityFamilies). */
export function swappableNames(a: Pick<EntityPiece, 'role' | 'kind' | 'text'>, b: Pick<EntityPiece, 'role' | 'kind' | 'text'>, families: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  return sameEntityType(a, b) || (families.get(a.text)?.has(b.text) ?? false);
}
