import { findNumbers, type Piece, questionText, sameStem, sentenceAfter, sentenceAround, splitSentences } from '../src/text/claims.js';
import { CONSEQUENCE } from '../src/text/discourse.js';
import { readSentences } from '../src/text/nlp.js';
import { findFigures } from '../src/text/figures.js';
import { isCurrencySign } from '../src/text/currency.js';
import { reversedInPassage, sentenceBefore } from '../src/text/mismatches.js';
import { BOUND_AFTER_FIGURE, findPolarities, inStyleOf, negationsIn, type PolarityPiece, polarityKey, statedPolarities } from '../src/text/polarity.js';
import { asksOf } from '../src/text/whAsks.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

const applied = (text: string, c: MutationCandidate) => text.slice(0, c.start) + c.replacement + text.slice(c.end);

/** A clause opened by one of these sets a time or condition: "before the break clause can be used" reversed reads as nonsense. */
const CONDITION_OPENERS = /\b(?:before|after|if|once|until|unless|when|whether)\b[^,;:]*$/i;

/**
 * A subject picked out by a requirement it fails ("anyone who misses it can't play", "any player that doesn't bring a helmet",
 * "whoever fails the check"): the consequence a rule sets for failing it, which fits only its own polarity (unseen77's
 * readers, of "anyone who misses the safety briefing can play": "defeats the point of the briefing"). Not any relative
 * clause: "Members who book online can cancel for free" is a rule either way.
 */
const FAILED_REQUIREMENT_SUBJECT =
  /\b(?:who(?:ever)?|(?:anyone|anybody|any\s+\w+)\s+that)\s+(?:\w+\s+)?(?:miss(?:es|ed)?|fail(?:s|ed)?|forget(?:s)?|forgot|skip(?:s|ped)?|refuse(?:s|d)?|(?:do|does|did|has|have|is|are|can|will)(?:n['’]t|\s+not))\b[^;:]*$/i;

/**
 * Words that only make sense with the claim's own polarity: "permanently
 * deleted and can't be recovered", "can instead change", "is available only in
 * hospital", "reimbursed up to £40", "must be submitted within 21 days",
 * "already includes", "the good news is" — reversed, the sentence
 * contradicts itself.
 */
const BOUND_TO_POLARITY =
  /\b(?:permanently|instead|only|just|also|already|at all|up to|at least|at most|no more than|no later than|a maximum of|within|in that case|otherwise|good news|bad news|(?:un)?fortunately|luckily|sadly|happily)\b/i;

/** A sentence that opens by naming what the reader wants ("If you want proof, ...") offers the way to get it; reversed, the offer is pointless. */
const ADVICE_OPENERS = /^\s*(?:if you(?:['’]d| would)? (?:want|need|like|prefer)|to (?:get|avoid|make sure))\b/i;

/** A next sentence opening with one of these spells out what the claim's polarity leads to ("In that case you'd pay ..."). */
// "If it isn't left clean, a fee is charged" after "has to be left clean": the next sentence prices the case the claim
// requires against (unseen16's readers), so reversed, the requirement and its penalty argue.
const CONSEQUENCE_OPENERS = /^\s*(?:in that case|if so|if not|then|otherwise|that way|this means|to do (?:so|this|that)|if (?:it|they|you|this|that) (?:is|are|do|does|has|have)(?:n['’]t| not))\b/i;

/** A permission followed by the way to use it ("can pay at any branch counter or online") is advice; its reverse contradicts the advice. */
const MEANS = /^[^,;:]*\b(?:at|online|by|through|via|using|in person)\b/i;
/**
 * The means any claim's thing is done by, as alternatives of which one is a means of paying or of getting in touch: "by
 * cash or card", "in cash or by card", "via the app or by phone". Not an agent or a cause ("covered by our insurance or the
 * club policy": the review).
 */
const MEANS_WORD = String.raw`(?:cash|cards?|cheques?|checks?|bank\s+transfer|transfer|direct\s+debit|standing\s+order|paypal|phone|telephone|email|e-mail|text|post|online|app)`;
const MEANS_AS_ALTERNATIVES = new RegExp(
  String.raw`\b(?:by|in|with|via|using)\s+(?:(?:a|an|the|your)\s+)?(?:${MEANS_WORD}\s+or\s+(?:(?:by|in|with|via|using)\s+)?(?:(?:a|an|the|your)\s+)?[a-z]+|[a-z]+\s+or\s+(?:(?:by|in|with|via|using)\s+)?(?:(?:a|an|the|your)\s+)?${MEANS_WORD})\b`,
  'i',
);

/** Adverbs that set the claim against what came before: "can, however, still buy", "is nevertheless payable". */
const CONTRAST_MARKERS: ReadonlySet<string> = new Set(['however', 'still', 'nevertheless', 'nonetheless', 'anyway', 'regardless', 'yet', 'though', 'even so']);

/**
 * Whether a contrast marker stands between the polarity and the word it bears
 * on ("You can, however, still buy visitor permits"): the claim says it holds
 * despite what came before, and reversed ("You can't, however, still buy")
 * it argues with itself. Read from the tokens after the polarity up to the
 * first that is not an adverb or punctuation.
 */
function contrastFollows(claim: Piece, p: PolarityPiece): boolean {
  const tokens = readSentences(claim.text).flatMap((s) => s.tokens);
  const from = tokens.findIndex((t) => claim.start + t.start >= p.end);
  if (from < 0) return false;
  const between = tokens.slice(from);
  const stop = between.findIndex((t) => t.pos !== 'ADV' && t.pos !== 'PUNCT' && t.pos !== 'PART');
  const adverbs = (stop < 0 ? between : between.slice(0, stop)).filter((t) => t.pos === 'ADV').map((t) => t.lemma);
  return adverbs.some((a, i) => CONTRAST_MARKERS.has(a) || CONTRAST_MARKERS.has(`${a} ${adverbs[i + 1] ?? ''}`));
}

/** A requirement on a property ("must be soft-sided and leak-proof"): waiving a safety or quality requirement is not a believable slip. */
function requiresProperty(after: string): boolean {
  const [sentence] = readSentences(`It must${after}`);
  const tokens = sentence?.tokens ?? [];
  return tokens[2]?.text === 'be' && tokens[3]?.pos === 'ADJ';
}

/**
 * The claim from the clause that holds the polarity on: a sentence joins
 * independent claims with "; " or ", and", and a bound or negation before the
 * polarity's clause ("must not take more than 1,200 mg, and must not combine
 * it ...") says nothing about it; one after it ("but only for ...", "while
 * cleaning is charged only if ...") still does.
 */
function clauseOnwards(claim: Piece, p: PolarityPiece): string {
  let start = 0;
  for (const m of claim.text.matchAll(CLAUSE_JOINS)) {
    if (claim.start + m.index! >= p.start) break;
    start = m.index! + m[0].length;
  }
  return claim.text.slice(start);
}

const CLAUSE_JOINS = /;\s+|,\s+and\s+(?!only\b)/g;

/** An answer or sentence that opens with a reply ("Yes.", "No, you're still in time.", "Unfortunately not.", "I'm sorry, no.", "Not on her own yet", "Yes, clay is included"): its claims carry the reply's polarity. */
const OPENING_REPLY =
  /^\s*(?:(?:yes|no)\b(?!\s+[a-z]+\s+(?:is|are|can|will)\b)|not\b|(?:unfortunately|sadly|I['’]m afraid|(?:I['’]m\s+)?sorry),?\s+(?:but\s+)?(?:not|no)\b(?!\s+[a-z]+\s+(?:is|are|can|will)\b))/i;

/**
 * A sentence whose claims lean on each other: a contrast ("your price is
 * fixed for the term, whereas monthly rates can change"; "..., but ...") or a
 * clause that carries the claim on ("held for seven days, after which it goes
 * back to the sender"). Reversed, one side no longer fits the other.
 */
const INTERDEPENDENT = /\b(?:whereas|although|though|by contrast|unlike|on the other hand)\b|,\s*(?:but|yet)\b|;\s*(?:however|instead|but|even so)\b|,?\s*(?:after|before|until|from|at|by)\s+which\b/i;

/** A list of four or more cases, or three with a serial comma: "caused by an address, customs, weather or a disruption". */
const LIST_OF_CASES = /,[^,;.]+,[^;.]*\b(?:or|and)\b/;

/** Three cases without a serial comma: a word, a comma, a case of a word or two, "or"/"and" ("misuse, pets or commercial use"). */
const SHORT_LIST = /(\w+),\s*([^,;.\s]+)(?:\s+[^,;.\s]+)?\s+(?:or|and)\s+/g;

/**
 * Whether the words after the claim list three or more cases ("doesn't apply if the delay was caused by an address,
 * customs, weather or a disruption"), without a serial comma a list of nouns whose first is bare ("doesn't cover
 * damage from misuse, pets or commercial use"; not "to the pool, weekdays and weekends", nor "for beginners, young and
 * old"): the cases a rule excludes, read as exclusions whatever the verb says (unseen84's readers, of "covers ...
 * misuse, pets or commercial use": "reads like a reversed exclusion").
 */
function listsCases(after: string): boolean {
  if (LIST_OF_CASES.test(after)) return true;
  const tokens = readSentences(after).flatMap((s) => s.tokens);
  return [...after.matchAll(SHORT_LIST)].some((m) => {
    const firstEnd = m.index + m[1]!.length;
    const secondStart = m.index + m[0].indexOf(m[2]!, m[1]!.length + 1);
    const first = tokens.findIndex((t) => t.end === firstEnd);
    const second = tokens.find((t) => t.start === secondStart);
    return first >= 0 && tokens[first]!.pos === 'NOUN' && tokens[first - 1]?.pos !== 'DET' && second?.pos === 'NOUN';
  });
}

/** A whole that an "including" after it spells out: "a full refund", "refunded in full", "the entire cost". */
const WHOLE_BEFORE = /\b(?:full|in full|whole|entire|complete|all)\b[^.;]*$/i;

/** A verb phrase that is a choice of two ("must either have paid in full or returned a mandate"): "need not either ... or ..." reads garbled, whichever the polarity. */
const EITHER_OR = /^\s*(?:\w+\s+){0,2}?either\b/i;

/** A reason given with the claim ("Because it's a 55-inch set, ... will contact"; "since you're not a member"; "As these are 6-day passes they carry a photo and can't be transferred"): reversed, the reason no longer explains it. */
// A mid-sentence "as" gives a reason when a clause follows it ("by card or bank transfer, as cheques aren't accepted", unseen22's
// readers: "cheques are accepted" read as illogical there), not in "as well as", "as soon as", "as agreed" or "as shown".
const REASON =
  /\b(?:because|since|as long as|so that|provided|which means|given that|now that|seeing as)\b|^\s*As\s+(?!(?:a|an|the|your|my|our|their)\s+(?:member|customer|guest|student|user|parent|resident|tenant|owner|holder)\b)|,\s+as\s+(?!(?:well|soon|much|many|far|long|shown|agreed|stated|above|below|before|usual|follows|needed|required|set|listed|described|a|an|the|your|my|our|their)\b)/i;

/** A next sentence that adds to a negation ("... aren't covered by it either", "Nor is ..."): reversed, the claim leaves "either" nothing to add to (unseen22's readers). */
const ADDS_TO_NEGATION = /\beither\s*[.,;!?]|^\s*(?:neither|nor)\b/i;

/**
 * A next sentence that grants an act only on a condition ("We can release you only if a replacement student takes
 * over"): the exception a denial sets up, which a permission contradicts (unseen67's readers, of "you can end it early
 * yourself" before it).
 */
const EXCEPTION_NEXT = /\b(?:can|may|could|will)\b[^.;:!?]*\bonly\s+(?:if|when|once|where|after)\b/i;

/**
 * A sentence before the claim that grants an act only on a condition ("Only if a replacement takes over can we release
 * you."): the denial after it states the rule's other side, which a permission contradicts (the review of unseen67's
 * rule: the same exception written before the denial). Not checked for the same act, as EXCEPTION_NEXT is not.
 */
const EXCEPTION_BEFORE = /^\s*only\s+(?:if|when|once|where|after)\b[^.;:!?]*\b(?:can|may|could|will)\b/i;

/**
 * A sentence set against the one before it ("However, ...", "Instead, ..."): either reversed, the two no longer
 * contrast (unseen68's readers, of "We can refund term fees once the term has started. However, ...": "makes no sense").
 */
const CONTRAST_NEXT = /^\s*(?:however|but|instead|even so|that said|nevertheless)\b/i;

/**
 * A sentence that names the exception to the rule before it ("The exception is a fireplace we can sweep fully from
 * inside, which may still go ahead"): its clauses say what the exception is, and reversed they pick out the cases the
 * rule already covers (unseen71's readers: "the weather exception is backwards"); the rule reversed leaves the
 * exception nothing to except.
 */
const NAMES_EXCEPTION = /^\s*(?:the\s+(?:only\s+|one\s+)?exceptions?\s+(?:is|are|being)|(?:an|one)\s+exception\s+(?:is|being))\b/i;

/** A next sentence that gives the claim's reason ("This is because ...", "That's because ..."): it explains only the claim's own polarity. */
const REASON_NEXT = /^\s*(?:(?:this|that)\s+is\s+because|(?:this|that)['’]s\s+because|because|the\s+reason\s+(?:is|being))\b/i;

/**
 * An object of everything of a kind ("includes all learning materials"), or a place or time of every one ("is permitted in
 * every section"): negated, "does not include all" and "is not permitted in every section" say some are, which reads
 * oddly (unseen46's and unseen77's readers).
 */
const QUANTIFIED_OBJECT = /^\s+(?:(?:in|at|on|across|throughout|during)\s+)?(?:all|every|everything|both|each)\b/i;

/** A subject of two or more things together ("both include", "all of them cover", "each plan offers"): negated, "both do not include" reads as neither, garbled. */
const QUANTIFIED_SUBJECT = /\b(?:both|all|each|every)\b(?:\s+(?:of\s+)?[\w-]+){0,2}\s+$/i;

/** Two-word noun phrases written in lower case ("accidental damage", "loan TV"), by lemma: what a later sentence may take for granted. */
function nounPhrases(text: string): Set<string> {
  const tokens = readSentences(text).flatMap((s) => s.tokens);
  const phrases = new Set<string>();
  for (const [i, t] of tokens.entries()) {
    const next = tokens[i + 1];
    if (next && ['ADJ', 'NOUN'].includes(t.pos) && next.pos === 'NOUN' && /^[a-z]/.test(t.text) && /^[a-z]/.test(next.text)) phrases.add(`${t.lemma} ${next.lemma}`);
  }
  return phrases;
}

/**
 * Words that point back to an amount or thing just stated and build on it
 * ("100 free pages a month, and after that printing costs 8 cents a page";
 * "... After that, ..."; "the rest"): they take the claim as stated.
 */
const BACK_REFERENCE = /\b(?:after that|beyond that|above that|past that|on top of that|the rest)\b/i;

/** Parts of speech an object's words may take before its head noun: "100 free black-and-white pages". */
const OBJECT_MODIFIERS: ReadonlySet<string> = new Set(['DET', 'NUM', 'ADJ', 'ADV', 'PUNCT', 'CCONJ', 'NOUN']);

/** The object's own words, which a later sentence may name it by: "free" of "100 free pages", not "100" or "a". */
const CONTENT: ReadonlySet<string> = new Set(['ADJ', 'ADV', 'NOUN']);

/**
 * The object the polarity's verb takes ("includes 100 free black-and-white
 * pages"): its head noun's lemma and the lower-case lemmas of the words
 * before it, or null when no noun follows the verb.
 */
function objectAfter(claim: Piece, p: PolarityPiece): { head: string; modifiers: Set<string> } | null {
  const tokens = readSentences(claim.text)
    .flatMap((s) => s.tokens)
    .filter((t) => claim.start + t.start >= p.end);
  const end = tokens.findIndex((t, i) => t.pos === 'NOUN' && tokens[i + 1]?.pos !== 'NOUN');
  if (end < 0 || tokens.slice(0, end).some((t) => !OBJECT_MODIFIERS.has(t.pos))) return null;
  const words = tokens.slice(0, end).filter((t) => CONTENT.has(t.pos));
  return { head: tokens[end]!.lemma, modifiers: new Set(words.map((t) => t.lemma.toLowerCase())) };
}

/**
 * Whether the answer goes on to build on the thing the claim states: words
 * after it in its sentence, or opening the next, point back to it ("after
 * that"), or a later sentence names its object again by its head noun and one
 * of its words ("includes 100 free black-and-white pages ... Free pages you
 * don't use don't carry over"). Reversed, the answer's later words build on
 * a thing it says is not there.
 */
function builtOnLater(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  // The next sentence's opening words only: "the rest" deep in it may be another thing's.
  const nextOpening = sentenceAfter(artifact, claim).split(/\s+/).slice(0, 5).join(' ');
  if (BACK_REFERENCE.test(artifact.slice(p.end, claim.end)) || BACK_REFERENCE.test(nextOpening)) return true;
  const object = objectAfter(claim, p);
  if (!object) return false;
  const later = readSentences(artifact.slice(claim.end)).flatMap((s) => s.tokens);
  // By lemma, lower-cased: the model reads an adjective opening a sentence ("Free pages") as a name.
  return later.some((t, i) => t.pos === 'NOUN' && t.lemma === object.head && object.modifiers.has(later[i - 1]?.lemma.toLowerCase() ?? ''));
}

/** A restriction an answer states: a reversal of what follows from it ("so a second loss can't be replaced") contradicts it. */
const LIMITING = /\b(?:only|at most|no more than|not more than|no later than|a maximum of|limited to|up to)\b/i;

/**
 * Whether the polarity stands in the consequence of a restriction or a rule
 * the answer states ("replaced only once in any 12 months, so a second loss
 * can't be replaced"; "at most once a year. That means ..."; "are not
 * included. So you will need a builder"): reversed, the consequence no longer
 * follows and the answer contradicts itself. The restriction or polarity
 * before the consequence's opening words, or in the sentence before when they
 * open the claim.
 */
function consequenceOfRule(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  const before = artifact.slice(claim.start, p.start);
  const opening = [...before.matchAll(CONSEQUENCE)].at(-1);
  if (!opening) return false;
  const rule = (text: string) => LIMITING.test(text) || findPolarities(text).length > 0;
  if (rule(before.slice(0, opening.index))) return true;
  const previous = splitSentences(artifact)
    .filter((s) => s.end <= claim.start)
    .at(-1);
  return !before.slice(0, opening.index).trim() && previous !== undefined && rule(previous.text);
}

/**
 * Whether the claim goes on to what follows from its polarity ("can't be
 * combined on the same dog, so the two discounts would apply to different
 * spaniels"; "are not included, so you'll need to arrange those yourself"), in
 * its own sentence or the next ("So ..."): reversed, the consequence argues
 * with its cause (unseen26's readers).
 */
function consequenceFollows(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  return [...artifact.slice(p.end, claim.end).matchAll(CONSEQUENCE)].length > 0 || /^\s*so\b/i.test(sentenceAfter(artifact, claim));
}

/**
 * Verbs of what may happen rather than what one may do: "may delay
 * manufacture", "prices may vary". None a permission is written with: "may
 * apply for a permit" and "may take two bags" are rules, reversed as ever.
 */
const HAPPENINGS = /^\s+(?:delay|vary|differ|fluctuate|affect|cause|result|occur|happen|arise|increase|decrease|rise|fall)\b/i;

/**
 * Whether "may" says what may happen, not what one may do ("Structural
 * changes ... may delay manufacture"): "may not delay" is no rule a worker
 * would misstate, only a hedge turned odd (unseen26's readers).
 */
function possibilityReversed(p: PolarityPiece, after: string): boolean {
  return !p.negative && /^may$/i.test(p.text) && HAPPENINGS.test(after);
}

/**
 * Whether the claim excludes a thing from what another sentence of the
 * answer says is included or covered ("The Keynote Plan ... includes two
 * tunings ... Pitch raises are not included in the plan"): reversed, the
 * thing is included outside the list of what is, which reads as added
 * (unseen26's readers).
 */
function exclusionBesideInclusions(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  if (!p.negative || !['include', 'cover'].includes(p.term)) return false;
  // A list: two things or more after the verb ("includes two tunings, plus priority booking"), not one ("covers accidental damage").
  const lists = (sentence: string, q: PolarityPiece) => /,|\band\b|\bplus\b/.test(sentence.slice(q.end));
  return splitSentences(artifact).some((other) => other.start !== claim.start && findPolarities(other.text).some((q) => q.term === p.term && !q.negative && lists(other.text, q)));
}

/**
 * An action measured by the period right after its verb, up to an event:
 * "will wait 20 minutes before treating it as a late cancellation".
 * Reversed ("will not wait 20 minutes before ..."), the period measures
 * nothing, which unseen28's readers read as self-contradictory. Not a
 * possessive ("give one month's notice"), a period after "for" ("available
 * for 30 days after purchase") or one without its event ("book 14 days
 * ahead"): those reverse as ever.
 */
const PERIOD_OF_ACTION =
  /^\s+(?!for\b)[a-z]+\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|sixty|ninety)\s+(?:minute|hour|day|week|month|year)s?(?!['’])\s+(?:before|until)\b/i;

/** Over any time or place: "can be taken on any weekday", "at any time", "anywhere in the UK" (read after the polarity, not a subject's "Any"). */
const OVER_ANY = /^[^,;:.]*\b(?:any|anywhere|anytime)\b/i;

/**
 * A count of occasions bounding the verb in its clause: "Staff will change his nappy once per session" reversed reads as
 * never, beside "if he needs a second change you'll be paged" (unseen105's readers: "contradicts ... should say staff
 * will do one change per session"). A "once" that opens a clause is "when" ("refunded once the keys are returned"), not
 * a count (a review): a count is followed by a rate, a time or the clause's end.
 */
const COUNT_OF_OCCASIONS = /^[^,;:.]*\b(?:once|twice|(?:\d+|one|two|three|four|five)\s+times)(?=\s*(?:[,.;:!?]|$)|\s+(?:per|a|an|each|every|in|during|for|only|more|again|a\s+day)\b)/i;
/** The circumstance an exception names: "while a weather warning is in force", "during the sale", "if the door is damaged". */
const CIRCUMSTANCE = /^\s+(?:while|whilst|during|when|whenever|if|in the event)\b/i;

/**
 * Whether the claim says a rule does not apply in a circumstance ("That
 * reduction does not apply while a Met Office weather warning is in force"):
 * an exception to the rule the answer gave before it. Reversed, the
 * exception restates the rule for one circumstance only, which reads as the
 * exclusion turned round (unseen27's readers).
 */
function exceptionWhile(p: PolarityPiece, after: string): boolean {
  return p.negative && p.term === 'apply' && CIRCUMSTANCE.test(after);
}

/** The words that recommend a thing: "use", "choose", "check you have" a thing "that covers ...", "your best option is", "you should", "it's worth". */
const RECOMMENDS: ReadonlySet<string> = new Set(
  'use choose check pick get buy find consider recommend ensure need want look opt go ask take have select prefer option choice best should worth'.split(' '),
);

/**
 * Whether the polarity opens a relative clause that qualifies the object of a
 * recommendation ("use a home contents policy that covers goods in storage"):
 * the clause says why the thing is recommended, so reversed ("that doesn't
 * cover") the advice contradicts itself.
 */
function qualifiesRecommended(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  const before = artifact.slice(claim.start, p.start);
  const relative = /\b(?:that|which)\s+$/i.exec(before);
  if (!relative) return false;
  const tokens = readSentences(before.slice(0, relative.index)).flatMap((s) => s.tokens);
  // By lemma whatever the tag: the model reads an imperative "use" after a comma as a noun.
  return tokens.some((t) => RECOMMENDS.has(t.lemma));
}

/**
 * A time or event a permission starts at: "after the second injection",
 * "once the paint is dry", "as soon as it arrives", "from 6 pm", "from the
 * day you join", "from Monday".
 */
const STARTS_AT =
  /\b(?:after|once|as soon as)\b|\bfrom\s+(?:\d|the\s+(?:day|date|age|moment|time|start|week|month|year)\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:january|february|march|april|may|june|july|august|september|october|november|december)\b)/i;

/**
 * Whether a permission starts at a time or event its clause names ("Your
 * puppy can go out on walks one week after the second injection"): reversed,
 * it becomes a prohibition that starts there ("cannot go out ... one week
 * after"), which reads upside down, since a restriction would say "until"
 * (unseen18's readers). Read in the clause after the polarity, to the next
 * comma, semicolon or colon.
 */
function permissionFromThen(claim: Piece, p: PolarityPiece): boolean {
  if (p.negative || !isPermission(p)) return false;
  const [clause = ''] = claim.text.slice(p.end - claim.start).split(/[,;:]/);
  return STARTS_AT.test(clause);
}

/** Where a window of time starts: a figure, a weekday, a month, noon or midnight ("from April", "between 9am"); not a place ("from the airport"). */
const TIME_START = String.raw`(?:\d|noon|midnight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`;
/** A window of time: "from April to October", "between 9am and 5pm". */
const SPAN = String.raw`\b(?:from|between)\s+${TIME_START}\S*(?:\s+\S+)?\s+(?:to|until|till|and)\s`;
/** A window a claim holds for, after it in its clause ("until 6 p.m.", "till 5pm", "from April to October") or before it ("From April to October, …"); not a till one pays at. */
const WINDOW_AFTER = new RegExp(String.raw`^[^,;:.]*?(?:\buntil\s|\btill\s+(?:\d|noon|midnight|the\s+end)|${SPAN})`, 'i');
const WINDOW_BEFORE = new RegExp(SPAN, 'i');

/**
 * Whether a claim that a thing is so holds for a window ("a wetsuit is
 * included from April to October", "you can cancel for free until 6 p.m."):
 * reversed, the thing is refused for the window only, which says it is so
 * outside it and reads upside down (unseen42's readers: a summer wetsuit "not
 * included"). A refusal for a window ("not available from December to
 * February") reverses as ever.
 */
function heldForAWindow(p: PolarityPiece, before: string, after: string): boolean {
  return !p.negative && (WINDOW_AFTER.test(after) || WINDOW_BEFORE.test(before));
}

/**
 * Whether "free" is reversed where the answer states no price for the thing
 * elsewhere ("Your carer's companion ticket is free" → "is not free" in an
 * answer that prices no ticket): the reversal leaves a charge the answer
 * never states, an odd negation the reader sees (unseen18's readers). Where
 * another sentence prices a thing the claim names ("Tickets are $25"), "not
 * free" reads as that price.
 */
function freeUnpriced(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  if (p.term !== 'free' || p.negative) return false;
  const named = subjectNouns(claim, p);
  return !splitSentences(artifact).some(
    (other) =>
      other.start !== claim.start &&
      findNumbers(other.text).some((n) => n.currency) &&
      readSentences(other.text)
        .flatMap((s) => s.tokens)
        .some((t) => named.has(t.lemma.toLowerCase())),
  );
}

/**
 * Whether reversing the polarity at [start, end) of the artifact would leave
 * its sentence, the next, or the rest of the answer arguing with itself: an
 * answer that opens with a reply commits its claims to that reply; a reason
 * given with the claim explains only its own polarity; and a later sentence
 * that names the claim's thing again takes it as stated ("counts as
 * accidental damage, which VoltCare Plus covers ... two accidental damage
 * claims") or builds on it ("100 free pages a month, and after that ...").
 */
function reversalContradictsContext(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  const before = artifact.slice(claim.start, p.start);
  const after = artifact.slice(p.end, claim.end);
  if (CONDITION_OPENERS.test(before) || ADVICE_OPENERS.test(claim.text) || contrastFollows(claim, p)) return true;
  if (p.negative && p.term === 'permitted' && REQUIREMENT_BEFORE.test(before)) return true;
  if (consequenceOfRule(artifact, claim, p) || qualifiesRecommended(artifact, claim, p)) return true;
  if (
    consequenceFollows(artifact, claim, p) ||
    possibilityReversed(p, after) ||
    exclusionBesideInclusions(artifact, claim, p) ||
    exceptionWhile(p, after) ||
    PERIOD_OF_ACTION.test(after) ||
    COUNT_OF_OCCASIONS.test(after) ||
    OVER_ANY.test(after)
  )
    return true;
  if (EITHER_OR.test(after)) return true;
  if (permissionFromThen(claim, p) || freeUnpriced(artifact, claim, p) || heldForAWindow(p, before, after)) return true;
  if (!p.negative && (QUANTIFIED_SUBJECT.test(before) || QUANTIFIED_OBJECT.test(after))) return true;
  if (
    REASON_NEXT.test(artifact.slice(claim.end)) ||
    CONTRAST_NEXT.test(sentenceAfter(artifact, claim)) ||
    CONTRAST_NEXT.test(claim.text) ||
    NAMES_EXCEPTION.test(claim.text) ||
    NAMES_EXCEPTION.test(sentenceAfter(artifact, claim))
  )
    return true;
  if (
    p.negative &&
    (ADDS_TO_NEGATION.test(sentenceAfter(artifact, claim)) || EXCEPTION_NEXT.test(sentenceAfter(artifact, claim)) || EXCEPTION_BEFORE.test(sentenceBefore(artifact.slice(0, claim.end), claim.text)))
  )
    return true;
  if (OPENING_REPLY.test(artifact) || OPENING_REPLY.test(claim.text) || REASON.test(claim.text) || INTERDEPENDENT.test(claim.text) || listsCases(after)) return true;
  const later = nounPhrases(artifact.slice(claim.end));
  if ([...nounPhrases(claim.text)].some((phrase) => later.has(phrase)) || builtOnLater(artifact, claim, p)) return true;
  // "£300 including VAT" → "excluding VAT": what a price includes is a slip of its own, whatever bounds the price; not what a whole
  // includes ("a full refund, including the delivery charge" → "excluding": "a 'full refund' that leaves out the delivery charge
  // contradicts itself", unseen86's readers).
  if (p.term === 'including') return WHOLE_BEFORE.test(claim.text.slice(0, p.start - claim.start));
  const clause = clauseOnwards(claim, p);
  if (BOUND_TO_POLARITY.test(clause) || BOUND_AFTER_FIGURE.test(clause) || negationsIn(clause) > negationsIn(p.text)) return true;
  if (CONSEQUENCE_OPENERS.test(artifact.slice(claim.end))) return true;
  if (!p.negative && /^can /.test(p.term) && MEANS.test(after)) return true;
  // "is paid at 45p per mile" (pence, which findNumbers leaves as a bare number), "a penalty of 5% is charged": a claim that prices what it is about says it is so.
  if (!p.term.includes(' ') && (findNumbers(claim.text).some((n) => n.currency || n.percent) || /\b\d+p\b/.test(claim.text))) return true;
  return p.term.startsWith('must') && !p.negative && (requiresProperty(after) || REQUIRED_FOR_A_WHILE.test(after));
}

/**
 * A requirement earlier in the sentence of a prohibition ("Sturdy shoes with a good grip are a must, as the paths can be wet,
 * and flip-flops or high heels aren't allowed"): the two are one rule's sides, what is needed and what falls short of it, and
 * reversed the sentence allows what its own requirement rules out (unseen97's readers: "contradicts the sturdy-shoes
 * requirement just before it").
 */
const REQUIREMENT_BEFORE = /\b(?:must|required|essential|compulsory|mandatory|needs?|ha(?:s|ve)\s+to)\b/i;

/**
 * An obligation to stay for a stretch of time: "has to stay trackside for the whole session", "has to stay out of the
 * home for 4 hours". A rule says how long one must; "doesn't have to stay out ... for 4 hours" says how long one need
 * not, which no rule says (unseen40's readers: "turns what should be a safety requirement ... into its opposite").
 */
const REQUIRED_FOR_A_WHILE =
  /^\s+(?:stay|remain|wait|be\s+present|keep)\b[^,;:.]*\bfor\s+(?:the\s+(?:whole|entire|full|rest\s+of\s+the)\s+[a-z]+|(?:\d+|an?|one|two|three|four|five|six|ten|twelve)\s+(?:minute|hour|day|week|month|night)s?)\b/i;

/**
 * A question that asks for the rules themselves: "How should Calverol be
 * used …?", "What may staff spend on hotels?", "What does the travel policy
 * allow …?", "How much notice must an employee give?". Its answer is rules,
 * and each is what the question asks.
 */
// The modals in lower case: "May" is a month ("How much is it to hire a kayak in May?").
const ASKS_THE_RULES = /\b(?:[Hh]ow|[Ww]hat|[Ww]hen|[Ww]hich|[Ww]ho)\b[^?]*\b(?:should|must|may|allow(?:s|ed)?|permitted|rules?|policy|required)\b/;

/** A question a yes or no answers: it opens with an auxiliary ("Is the deposit refundable?", "Do I need to book?"), after the case it sets ("If I cancel a week before, do I get my deposit back?"). */
const YES_NO_QUESTION = /^\s*(?:if\b[^,?]*,\s*)?(?:is|are|was|were|am|can|could|do|does|did|will|would|shall|should|must|may|might|has|have|had|need)\b/i;

/**
 * The word a polarity bears on: a modal's verb ("can be sold" → sell), a
 * state ("isn't refundable" → refundable), a state verb ("covers").
 */
const bearsOn = (p: PolarityPiece) => p.term.split(' ').at(-1) ?? p.term;

/**
 * Whether the question raises what the polarity bears on: the question uses
 * the word by its stem ("Is the deposit refundable?" for "can refund", "Are
 * paddles included?"), or asks a yes or no the answer's first sentence
 * gives. Only such a reversal reads as a wrong answer to the question; one of
 * a detail the question does not raise (paddles "not included" where the
 * question asks for a hire's price, a summer wetsuit "not included") is
 * judged by what the domain does, and unseen38 to unseen42's readers flagged
 * 70 to 100% of them. A task that asks no question (an instruction such as
 * "Summarise the leave policy") raises every claim of its answer.
 */
function raisedByQuestion(fixture: { task: string; artifact: string }, claim: Piece, p: PolarityPiece): boolean {
  const question = questionText(fixture.task);
  const asks = splitSentences(question).filter((s) => s.text.trim().endsWith('?'));
  if (!asks.length || asks.some((s) => ASKS_THE_RULES.test(s.text))) return true;
  // The first sentence answers the question only where it asks one thing, a yes or a no: of "How much is a day's hire? Can I bring my dog?" it answers the price.
  const single = asksOf(fixture.task);
  if (claim.start === splitSentences(fixture.artifact)[0]?.start && single.length === 1 && YES_NO_QUESTION.test(single[0]!)) return true;
  // By lemma, so an irregular form meets its question ("are paid" and "when are they paid?", "pay").
  const word = (readSentences(bearsOn(p))[0]?.tokens[0]?.lemma ?? bearsOn(p)).toLowerCase();
  // A modal with no verb after it ("must be back by 5pm"): it bears on no word a question could raise.
  if (!word) return false;
  // The same word by lemma or stem, as the support analysis compares words ("refundable" and "refunded"; not "charter" and "charged").
  return readSentences(question)
    .flatMap((s) => s.tokens)
    .filter((t) => CONTENT_WORDS.has(t.pos))
    .some((t) => sameStem(t.lemma.toLowerCase(), word));
}

/** The parts of speech a question raises a thing with: "Is the deposit refundable?", "What does a refund cost?". */
const CONTENT_WORDS: ReadonlySet<string> = new Set(['VERB', 'ADJ', 'NOUN']);

/** A modal a few words before "have to": "you'd have to", "you will usually have to", "you're going to have to". */
const MODAL_BEFORE = /(?:\b(?:will|would|could|might|may|shall|should|must|can|going\s+to)\b|['’](?:ll|d)\b|n['’]t\b)(?:\s+[a-z]+){0,2}\s+$/i;

/**
 * Whether the polarity is a "have to" or a bare "be" after a modal ("you'd have to retake the full course",
 * "it can be refunded"): the reverse of "have to" is written "do not have to", which after the modal is no
 * sentence ("you'd don't have to", unseen42's kept mutant; "you will usually do not have to"), and "be
 * refunded" reversed after "can" writes "can not be refunded", the modal's own reversal spelled apart. The
 * modal is reversed instead, and the support analysis still reads both.
 */
function afterModal(artifact: string, p: PolarityPiece): boolean {
  const before = artifact.slice(Math.max(0, p.start - 40), p.start);
  if (/^ha(?:s|ve)\s+to$/i.test(p.text)) return MODAL_BEFORE.test(before);
  // Only a modal the analysis reverses itself: "would be refunded" and "you'll still be charged" reverse at "be".
  // Nor after "to": "has to be paid" reversed at "be" writes "has to not be paid" (unseen53's readers: "makes no sense").
  return /^be\s/i.test(p.text) && (/\b(?:can|may|must|will)\s+(?:[a-z]+\s+)?$/i.test(before) || /\bto\s+$/i.test(before));
}

/**
 * Whether "including" spells out a rule of every one of a kind ("permitted in every section, including the lawn") with a
 * thing the question asks about by its noun (asked what is allowed in the lawn section): the claim is there to say the
 * asked thing is covered, and "every section, excluding the lawn" in an answer about the lawn reads as an inserted
 * exception (unseen77's readers). Not a price's inclusion ("£1,200, including fuel", asked whether fuel is included):
 * "excluding fuel" is the slip the question invites.
 */
function includesTheAsked(fixture: { task: string }, claim: Piece, p: PolarityPiece): boolean {
  if (!UNIVERSAL_BEFORE.test(claim.text.slice(0, p.start - claim.start))) return false;
  const nouns = (text: string) =>
    readSentences(text)
      .flatMap((s) => s.tokens)
      .filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
      .map((t) => t.lemma.toLowerCase());
  const asked = new Set(nouns(questionText(fixture.task)));
  const [included = ''] = claim.text.slice(p.end - claim.start).split(/[,;:]/);
  return nouns(included).some((noun) => asked.has(noun));
}

/** A rule of every one of a kind just before "including": "in every section, including", "all our boats, including". */
const UNIVERSAL_BEFORE = /\b(?:all|every|each|any)\b[^,;:.]*,?\s*$/i;

export const INCLUDES_THE_ASKED =
  'the claim names with "including" a thing the question asks about ("permitted in every section, including the lawn", asked of the lawn section): reversed, the answer makes an exception of what it was asked (unseen77\'s readers)';

/** Why a reversal is refused where the question does not raise the claim, as the ignored list gives it. */
export const NOT_RAISED =
  "the question does not raise what the claim says is or is not so: a reversed detail the question does not ask about is judged by what the domain usually does (unseen38 to unseen42's readers flagged 70 to 100% of such reversals)";

/** Why a reversal is refused, as the ignored list gives it. */
export const MOOD_FITS_ORIGINAL = 'the sentence says how the reader will take the news ("I\'m afraid", "unfortunately", "good news"): reversed, the news no longer fits it';
export const ALTERNATIVE_FIXES_POLARITY = 'the claim chooses one of two alternatives beside it ("applies rather than the usual one", "instead of"): reversed, the choice argues with itself';
export const OFFERED_ON_WISH = 'the sentence offers the permission to the asker on their wish ("if you want", "should you wish"): reversed, the offer refuses what it offers';
export const RESTATED_ELSEWHERE = 'another sentence of the answer states the same claim of the same thing with the original polarity: reversed, the answer contradicts itself';
export const DONE_ELSEWHERE =
  'another sentence of the answer takes the action the claim requires of the same thing as done ("Final numbers have to be confirmed" beside "the number you confirmed"), or what it includes as given ("includes two visits" beside "the first visit"): reversed, the answer rests on a step it says is not needed';

/**
 * Words that tell the reader how to take the news a sentence gives ("I'm
 * afraid this breakdown isn't covered", "Unfortunately the fee is charged",
 * "Good news: it counts", and a caution opening a sentence: "Please note
 * that platinum rings cannot be resized"; or a clause, for the claims after it,
 * CAUTION_IN_CLAUSE: "..., and note that they aren't allowed in the breakfast
 * room", unseen35's readers): they fit only the news as stated,
 * so a reversal leaves an apology for good news, a welcome for bad, or a
 * warning about nothing to watch out for (unseen29's readers).
 */
const MOOD =
  /\b(?:I['’]m|I am|we['’]re|we are)\s+(?:afraid|sorry|pleased|glad|happy|delighted)\b|\b(?:regrettably|unfortunately|sadly|fortunately|luckily|happily|thankfully|good news|bad news|I['’]m sorry)\b|^\s*(?:please\s+)?(?:note|be aware|bear in mind|keep in mind)\b/i;

/** A caution opening a clause ("..., and note that they aren't allowed ..."): it bears on the claims after it, not on the clause before it. */
const CAUTION_IN_CLAUSE = /[,;]\s*(?:and\s+)?(?:please\s+)?(?:note|be aware|bear in mind|keep in mind)\b/i;

/** An alternative named beside the claim: the claim is the one of two that holds ("the peak rule applies rather than the usual 14-day one"). */
const ALTERNATIVE = /\b(?:rather than|instead of|in place of|as opposed to|in preference to)\b/i;

/**
 * Whether the claim picks one of two alternatives its clause names: "the
 * peak cancellation rule applies rather than the usual 14-day one", "Instead
 * of a refund, you can have a voucher". Reversed ("does not apply rather than
 * the usual one") it rejects both and reads as nonsense. Read in the part of
 * the sentence between commas, semicolons and colons that holds the claim,
 * and an opening part that names the alternative ("Instead of X, ...").
 */
function choosesAlternative(claim: Piece, p: PolarityPiece): boolean {
  const at = p.start - claim.start;
  const from = Math.max(...[',', ';', ':'].map((c) => claim.text.lastIndexOf(c, at))) + 1;
  const ends = [',', ';', ':'].map((c) => claim.text.indexOf(c, p.end - claim.start)).filter((i) => i >= 0);
  const part = claim.text.slice(from, ends.length ? Math.min(...ends) : claim.text.length);
  const opening = claim.text.slice(0, Math.max(0, claim.text.indexOf(',')));
  return ALTERNATIVE.test(part) || /^\s*(?:rather than|instead of|in place of|as opposed to)\b/i.test(opening);
}

/** The nouns, by lemma, of the words before a polarity in its sentence: what the claim is about ("this breakdown" → breakdown). */
function subjectNouns(claim: Piece, p: PolarityPiece): Set<string> {
  const before = claim.text.slice(0, p.start - claim.start);
  return new Set(
    readSentences(before)
      .flatMap((s) => s.tokens)
      // The model reads a capitalised noun opening the sentence ("Breakdowns aren't covered") as a name: its singular counts.
      .filter((t, i) => (t.pos === 'NOUN' || (i === 0 && t.pos === 'PROPN')) && t.lemma.length > 2)
      .map((t) => (t.pos === 'PROPN' ? t.lemma.toLowerCase().replace(/s$/, '') : t.lemma)),
  );
}

/**
 * Whether another sentence of the answer states the same term with the same
 * sign of a thing the claim's subject names too ("I'm afraid this breakdown
 * isn't covered. Breakdowns aren't covered during the first 30 days ..."):
 * reversed, one of the two says the thing is so and the other that it is not.
 */
function restatedElsewhere(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  const subject = subjectNouns(claim, p);
  if (!subject.size) return false;
  for (const other of splitSentences(artifact)) {
    if (other.start === claim.start) continue;
    for (const q of findPolarities(other.text)) {
      if (q.term !== p.term || q.negative !== p.negative) continue;
      const shifted = { ...q, start: other.start + q.start, end: other.start + q.end };
      if ([...subjectNouns(other, shifted)].some((n) => subject.has(n))) return true;
    }
  }
  return false;
}

/**
 * Whether another sentence, one with no negation, does the verb the positive claim makes its subject's ("Final numbers
 * have to be confirmed 5 days before the party" beside "You're charged for the number you confirmed"): the answer takes
 * the step as taken, so reversed ("do not have to be confirmed") it bills on a step it calls unneeded (unseen142's
 * readers: "contradicts charging on confirmed numbers"). By lemma, of a noun of the subject and the verb after the polarity.
 */
function doneElsewhere(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  if (p.negative) return false;
  const after = readSentences(artifact.slice(p.end, claim.end)).flatMap((s) => s.tokens);
  // What a price includes or a plan covers, another sentence may speak of as given on its own: "The price includes two
  // visits" beside "Before the first visit, ..." (unseen144's readers, of "does not include two visits": "the rest of the
  // answer assumes the treatment has more than one visit").
  const given = GIVES.has(p.term) ? after.find((t) => t.pos === 'NOUN')?.lemma : undefined;
  const subject = subjectNouns(claim, p);
  const verb = after.find((t) => t.pos === 'VERB')?.lemma;
  return splitSentences(artifact).some((other) => {
    if (other.start === claim.start || negationsIn(other.text) > 0) return false;
    const tokens = readSentences(other.text).flatMap((s) => s.tokens);
    // Named as one already given ("the first visit", "each visit"), not by another thing's words ("25 cents a page").
    const definite = (k: number) => tokens.slice(Math.max(0, k - 2), k).some((t) => DEFINITE.has(t.text.toLowerCase()));
    if (given !== undefined && tokens.some((t, k) => t.pos === 'NOUN' && t.lemma === given && definite(k))) return true;
    return verb !== undefined && tokens.some((t) => t.pos === 'VERB' && t.lemma === verb) && tokens.some((t) => t.pos === 'NOUN' && subject.has(t.lemma));
  });
}

/** Words that name a thing as one already there: "the first visit", "each treatment", "both visits". */
const DEFINITE: ReadonlySet<string> = new Set(['the', 'each', 'every', 'both', 'this', 'these', 'that', 'those', 'your', 'first', 'second', 'last']);

/** The terms by which a thing gives another: what it includes or covers. */
const GIVES: ReadonlySet<string> = new Set(['include', 'cover']);

/** A permission or ability, either sign: "can extend", "may bring", "will be able to", "permitted". */
const isPermission = (p: PolarityPiece) => /^(?:can|may)\b/.test(p.term) || p.term === 'permitted' || /\bable\s+to\b/.test(p.text);

/** A permission to choose among options: "you can choose to move to another date ... or to have 50% refunded". */
const CHOICE = /^\s+(?:choose|opt|pick|select|decide)\b/i;

/** Why a reversal is refused where the permission offers a choice, as the ignored list gives it. */
export const OFFERS_A_CHOICE =
  'the claim offers the asker a choice among options ("you can choose to move to another date or to have 50% refunded"): reversed, it refuses every option it names (unseen37\'s readers: "reads as a negated remedy")';

/**
 * A condition after a permission that the person meets by bringing, showing or paying for it: "can collect it if they
 * bring your repair ticket", "as long as you book ahead", "provided you show your card". A case that is no such step
 * ("can get a refund if you cancel 7 days before") is left to the other rules.
 */
const GRANTED_IF =
  /\b(?:if|as long as|so long as|provided(?: that)?|providing)\s+(?:they|you|he|she|we|(?:the|your|their)\s+[a-z]+)\s+(?:\w+\s+)?(?:bring|show|present|provide|have|hold|book|pay|sign|give)s?\b/i;

export const GRANTED_ON_CONDITION =
  'the permission is granted on a condition the person meets ("Someone else can collect it if they bring your repair ticket"): reversed, meeting the condition forbids it (unseen50\'s readers: "self-contradictory")';

/** Words that open a sentence by agreeing before the claim: "Of course, parents can watch", "Yes, you can". */
const AFFIRMING_OPENER = /^\s*(?:of course|certainly|absolutely|sure|yes|yep|definitely)\b/i;

export const AFFIRMED_BY_OPENER = 'the sentence opens by agreeing ("Of course, ...", "Yes, ..."): reversed, the claim denies what its opening grants (unseen50\'s readers: "contradicts itself")';

/** A total an earlier sentence gives without a thing: "comes to £87 before any parts", "£120 excluding parts", "plus any parts". */
const WITHOUT_A_THING = /\b(?:before|excluding|not including|plus|on top of)\s+(?:any\s+)?([a-z]+)/gi;

/** Why a reversal is refused where an earlier sentence leaves the claim's thing out of a total, as the ignored list gives it. */
export const LEFT_OUT_EARLIER =
  'an earlier sentence gives a total without the thing the claim charges ("comes to £87 before any parts" before "Any parts needed are charged on top"): reversed, the claim says not charged what the total left out to charge (unseen37\'s readers)';

/**
 * Whether an earlier sentence of the answer gives a total without the thing
 * the claim is about, by its noun ("the visit comes to £87 before any parts.
 * Any parts needed are charged on top"): the earlier sentence already says
 * the thing is charged apart, so the reversed claim ("are not charged on
 * top") contradicts it.
 */
function leftOutEarlier(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  const subject = subjectNouns(claim, p);
  if (!subject.size) return false;
  const earlier = artifact.slice(0, claim.start);
  const lemma = (word: string) => readSentences(word)[0]?.tokens[0]?.lemma ?? word;
  return [...earlier.matchAll(WITHOUT_A_THING)].some((m) => subject.has(lemma(m[1]!.toLowerCase())));
}

/**
 * Whether the sentence makes its offer on the asker's wish: "if you want",
 * "if you'd like", "if you wish", "should you want", "if you prefer", "if you'd
 * rather". Read from the tokens: "if" or "should", then "you", then a verb of
 * wishing by lemma, with at most a modal between ("'d", "would").
 */
function offersOnWish(sentence: string): boolean {
  const tokens = readSentences(sentence).flatMap((s) => s.tokens);
  return tokens.some((t, i) => {
    if (!['if', 'should'].includes(t.lemma) || tokens[i + 1]?.lemma !== 'you') return false;
    const next = tokens.slice(i + 2, i + 4);
    const wish = next.findIndex((w) => WISHES.has(w.lemma));
    return wish === 0 || (wish === 1 && next[0]!.pos === 'AUX');
  });
}

const WISHES: ReadonlySet<string> = new Set(['want', 'like', 'wish', 'prefer', 'rather', 'choose', 'fancy', 'decide']);

/** The reason a reversal would read as tampered with by what the answer says around it, or null. */
function contextReason(artifact: string, claim: Piece, p: PolarityPiece): string | null {
  if (MOOD.test(claim.text) || CAUTION_IN_CLAUSE.test(artifact.slice(claim.start, p.start))) return MOOD_FITS_ORIGINAL;
  if (choosesAlternative(claim, p)) return ALTERNATIVE_FIXES_POLARITY;
  if (restatedElsewhere(artifact, claim, p)) return RESTATED_ELSEWHERE;
  if (doneElsewhere(artifact, claim, p)) return DONE_ELSEWHERE;
  if (isPermission(p) && offersOnWish(claim.text)) return OFFERED_ON_WISH;
  if (isPermission(p) && CHOICE.test(artifact.slice(p.end, claim.end))) return OFFERS_A_CHOICE;
  // In the claim's own clause, not a condition after it ("refunded if the trip is called off by the skipper or the harbour master").
  if (!p.negative && MEANS_AS_ALTERNATIVES.test(artifact.slice(p.end, claim.end).split(/\b(?:if|when|unless|once)\b/i)[0]!)) return GIVES_ITS_MEANS;
  if (isPermission(p) && !p.negative && GRANTED_IF.test(artifact.slice(p.end, claim.end))) return GRANTED_ON_CONDITION;
  if (!p.negative && AFFIRMING_OPENER.test(artifact.slice(claim.start, p.start))) return AFFIRMED_BY_OPENER;
  if (leftOutEarlier(artifact, claim, p)) return LEFT_OUT_EARLIER;
  if (excludedThenPriced(artifact, claim, p)) return EXCLUDED_THEN_PRICED;
  if (permittedThenPriced(artifact, claim, p)) return PERMITTED_THEN_PRICED;
  if (FAILED_REQUIREMENT_SUBJECT.test(artifact.slice(claim.start, p.start))) return CONSEQUENCE_OF_FAILING;
  if (/^must\b/.test(p.term) && !p.negative && /\bby\b/i.test(artifact.slice(p.end, claim.end)) && MISSED.test(artifact.slice(0, claim.start) + artifact.slice(claim.end)))
    return DEADLINE_WITH_CONSEQUENCE;
  return null;
}

/** The verbs of paying for a thing, by lemma: "you pay £9.50 for each engine hour", "is charged at £5", "costs £40". */
const PAYING: ReadonlySet<string> = new Set(['pay', 'charge', 'cost', 'bill']);

/** Why a reversal is refused where the claim says how the thing is done, as the ignored list gives it. */
export const GIVES_ITS_MEANS =
  'the claim says by what means the thing is done ("The balance is paid on the day, by cash or card"): reversed, it says how to do what it says is not done (unseen111\'s readers: "saying how the balance is paid makes no sense next to \'not paid\'")';

/**
 * Whether the claim leaves a thing out of what is included or covered and the next sentence says what is paid for it
 * ("Diesel isn't included in the hire price. ... you pay £9.50 for each engine hour you have used"): reversed, the
 * answer charges for what it has just said is included.
 */
function excludedThenPriced(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  if (!p.negative || !['include', 'cover'].includes(p.term)) return false;
  const next = sentenceAfter(artifact, claim);
  return (
    findNumbers(next).some((n) => n.currency) &&
    readSentences(next)
      .flatMap((s) => s.tokens)
      .some((t) => t.pos === 'VERB' && PAYING.has(t.lemma.toLowerCase()))
  );
}

/**
 * Whether the claim permits a thing and prices it: in the verb's own clause ("you can hire a drysuit for £8"), or in a
 * later clause or the next sentence with the verb's gerund and an amount ("The e-bikes can be charged in the store
 * overnight; at £3 per bike per night, charging all six comes to £18"). Reversed, the answer prices what it says cannot be done.
 */
function permittedThenPriced(artifact: string, claim: Piece, p: PolarityPiece): boolean {
  if (!isPermission(p) || p.negative) return false;
  const verb = readSentences(claim.text)
    .flatMap((s) => s.tokens)
    .find((t) => claim.start + t.start >= p.end && t.pos === 'VERB');
  if (!verb) return false;
  // The verb's own clause names its price ("or you can hire a full drysuit for £8", "can add a passenger for 80p"): reversed,
  // the answer prices what it has just refused (unseen107's readers: "a price is given, so it must mean you can hire one").
  // Its clause ends at punctuation, at "but", "while" or "whereas", or at an "and" or "or" before a pronoun that opens a
  // clause ("and we sell bowls for £3"); an "and" inside its object ("a jacket and salopettes for £6") does not end it.
  const [ownClause = '', ...laterClauses] = artifact
    .slice(claim.start + verb.end, claim.end)
    .split(/[,;:()]|\s(?:but|while|whereas)\s|\s(?:and|or)\s+(?=(?:we|you|it|they|he|she|there|this|that|i)\b)/i);
  // So does a later clause, or the next sentence, that prices what it is about by a pronoun or a bare "for" ("…, which costs £8",
  // "…; it costs £8", "…, for £8", "… on the day. It costs £8": the review).
  const pricesIt = (clause: string) => (PRONOUN_PRICE.test(clause) || /^\s*(?:for|at)\s/i.test(clause)) && findFigures(clause).some((f) => isCurrencySign(f.kind));
  if (pricedFor(ownClause) || [...laterClauses, sentenceAfter(artifact, claim)].some(pricesIt)) return true;
  const after = [artifact.slice(claim.start + verb.end, claim.end), sentenceAfter(artifact, claim)];
  // The activity priced is the verb's gerund in a clause with an amount: "charging all six comes to £18", not "if you bring a car" beside
  // "Parking costs £3" (a review).
  return after.some((text) =>
    text.split(/[,;:]/).some(
      (clause) =>
        findNumbers(clause).some((n) => n.currency) &&
        readSentences(clause)
          .flatMap((s) => s.tokens)
          .some((t) => t.lemma.toLowerCase() === verb.lemma.toLowerCase() && t.text.toLowerCase() !== t.lemma.toLowerCase() && /ing$/i.test(t.text)),
    ),
  );
}

/** A clause that prices what came before by a pronoun: "which costs £8", "it is £8 a day", "which comes to £18". */
const PRONOUN_PRICE = /^\s*(?:which|it|this|that)\s+(?:(?:will|would)\s+)?(?:costs?|is|are|comes?\s+to|be)\b/i;

/**
 * Whether a clause prices what it is about: an amount after "for" or "at" ("hire a drysuit for £8", "print pages at
 * 10p each", "for 8 pounds"), as findFigures reads money in signs, words or pence. Not an amount one gets or holds ("a
 * refund of your £40 deposit", "spend your £20 voucher"), nor "in 720p".
 */
function pricedFor(clause: string): boolean {
  return findFigures(clause).some((f) => isCurrencySign(f.kind) && /\b(?:for|at)\s+(?:just\s+|only\s+)?$/i.test(clause.slice(0, f.start)));
}

export const PERMITTED_THEN_PRICED =
  'the claim permits a thing and the answer prices doing it ("you can hire a full drysuit for £8"; "The e-bikes can be charged in the store overnight; at £3 per bike per night, charging all six comes to £18"): reversed, the answer prices what it says cannot be done (unseen92\'s and unseen107\'s readers)';

export const EXCLUDED_THEN_PRICED =
  'the claim leaves a thing out of what is included and the next sentence says what is paid for it ("Diesel isn\'t included in the hire price. ... you pay £9.50 for each engine hour"): reversed, the answer charges for what it says is included (unseen77\'s readers)';

export const CONSEQUENCE_OF_FAILING =
  'the claim sets what follows for whoever fails a requirement ("anyone who misses the briefing can\'t play"): reversed, failing it costs nothing, which defeats the requirement (unseen77\'s readers)';

/** Words of what follows a missed deadline: "a reminder", "a late charge", "still unpaid", "overdue". */
const MISSED = /\b(?:late|unpaid|overdue|reminders?|missed|misses)\b/i;
export const DEADLINE_WITH_CONSEQUENCE =
  'the claim requires a thing by a deadline and another sentence says what follows if it is missed ("has to be paid by 1 October … if it is still unpaid, a late charge"): reversed, that consequence follows nothing (unseen53\'s readers)';

/**
 * Reverses the polarity of one claim: "is payable" → "is not payable", "must"
 * → "need not", "can't" → "can", "permitted" → "prohibited", written as the
 * answer writes its negations. Only in a sentence with no other negation or
 * exception: "not refundable unless ..." reversed reads as tampered with.
 */
export const negation: TextMutator = {
  name: 'negation',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    for (const p of findPolarities(fixture.artifact)) {
      const claim = sentenceAround(fixture.artifact, p.start, p.end);
      if (!claim || afterModal(fixture.artifact, p)) continue;
      if (reversalContradictsContext(fixture.artifact, claim, p)) continue;
      yield { start: p.start, end: p.end, replacement: inStyleOf(fixture.artifact, p.reversed) };
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const original = findPolarities(fixture.artifact).find((p) => p.start === candidate.start && p.end === candidate.end);
    if (!original) return 'the span holds no polarity';
    const claim = sentenceAround(fixture.artifact, original.start, original.end);
    // "£300 including VAT" → "excluding VAT": what a price includes is a slip of the price the question asks, whatever its words.
    if (claim && original.term !== 'including' && !raisedByQuestion(fixture, claim, original)) return NOT_RAISED;
    if (claim && original.term === 'including' && !original.negative && includesTheAsked(fixture, claim, original)) return INCLUDES_THE_ASKED;
    const context = claim ? contextReason(fixture.artifact, claim, original) : null;
    if (context) return context;
    if (!statedPolarities(support.sentence).has(polarityKey(original))) return `the supporting evidence does not state "${original.term}"`;
    // Kept only where the evidence-check critic, reading the same passage, sees the reversal: not where the sentence that says most of the clause states the reversed sign.
    const mutated = sentenceAround(applied(fixture.artifact, candidate), candidate.start, candidate.start + candidate.replacement.length);
    if (!mutated || reversedInPassage(mutated.text, support).length === 0) return `the supporting evidence states "${original.term}" with a limit or the other polarity too`;
    return null;
  },
};
