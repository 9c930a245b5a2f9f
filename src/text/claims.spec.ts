import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignToEvidence,
  containsWords,
  evidenceSentences,
  findEntities,
  findNumbers,
  findQualifiers,
  gazetteerFor,
  inflects,
  isClauseQualifier,
  MIN_JOINED_SUPPORT,
  MIN_SUPPORT,
  numberKey,
  sentenceAround,
  splitSentences,
  statesQualifier,
  supportOf,
  supportPassage,
  type Piece,
} from './claims.js';

const spans = (pieces: readonly Piece[]) => pieces.map(({ text, start, end }) => [text, start, end]);

/** Characters that exercise every pattern here: sentence ends, paragraph breaks, digits, separators, signs, capitals. */
const proseChar = fc.constantFrom(...'aAbLM .!?\n,%£$1209-&'.split(''), ' of ', ' to ', 'only', 'Team', 'March', 'NHS');
const prose = fc.string({ unit: proseChar, maxLength: 60 });

describe('splitSentences', () => {
  it.each([
    { name: 'nothing in empty text', text: '', expected: [] },
    { name: 'nothing in blank text', text: '  \n ', expected: [] },
    { name: 'one sentence', text: 'One.', expected: [['One.', 0, 4]] },
    {
      name: 'at . ! and ?',
      text: 'One. Two! Three?',
      expected: [
        ['One.', 0, 4],
        ['Two!', 5, 9],
        ['Three?', 10, 16],
      ],
    },
    {
      name: 'not at a decimal point',
      text: 'Pay is 2.5% of pay. Then more.',
      expected: [
        ['Pay is 2.5% of pay.', 0, 19],
        ['Then more.', 20, 30],
      ],
    },
    {
      name: 'not inside a version number',
      text: 'Version 1.2.3 applies. Ok.',
      expected: [
        ['Version 1.2.3 applies.', 0, 22],
        ['Ok.', 23, 26],
      ],
    },
    {
      name: 'not at a full stop with no space after it',
      text: 'Hi.Bye. X',
      expected: [
        ['Hi.Bye.', 0, 7],
        ['X', 8, 9],
      ],
    },
    {
      name: 'after the last dot of an ellipsis',
      text: 'Ends with dots... Next',
      expected: [
        ['Ends with dots...', 0, 17],
        ['Next', 18, 22],
      ],
    },
    {
      name: 'once at a run of marks',
      text: 'Really?! Yes.',
      expected: [
        ['Really?!', 0, 8],
        ['Yes.', 9, 13],
      ],
    },
    {
      name: 'at a blank line',
      text: 'Para one\n\nPara two.',
      expected: [
        ['Para one', 0, 8],
        ['Para two.', 10, 19],
      ],
    },
    {
      name: 'at several blank lines',
      text: 'a.\n\n\nb',
      expected: [
        ['a.', 0, 2],
        ['b', 5, 6],
      ],
    },
    { name: 'not at a single line break', text: 'Line one\nline two.', expected: [['Line one\nline two.', 0, 18]] },
    { name: 'keeping an unterminated last sentence', text: 'No end', expected: [['No end', 0, 6]] },
    {
      name: 'trimming spaces, offsets still into the input',
      text: '  Lead space.  Trail  ',
      expected: [
        ['Lead space.', 2, 13],
        ['Trail', 15, 20],
      ],
    },
  ])('splits $name', ({ text, expected }) => {
    expect(spans(splitSentences(text))).toEqual(expected);
  });

  it('gives trimmed, non-empty pieces that are slices of the input, in order and not overlapping', () => {
    fc.assert(
      fc.property(prose, (text) => {
        const pieces = splitSentences(text);
        let previousEnd = 0;
        for (const p of pieces) {
          expect(p.text).toBe(text.slice(p.start, p.end));
          expect(p.text).toBe(p.text.trim());
          expect(p.text).not.toBe('');
          expect(p.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = p.end;
        }
        // Nothing but whitespace is left out.
        const outside = [...text].filter((_, i) => !pieces.some((p) => p.start <= i && i < p.end)).join('');
        expect(outside.trim()).toBe('');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('findNumbers', () => {
  const number = (text: string, start: number, currency: string, percent: boolean, value: number, decimals: number, grouped: boolean) => ({
    text,
    start,
    end: start + text.length,
    currency,
    currencyWritten: currency,
    percent,
    value,
    decimals,
    grouped,
  });

  it.each([
    { name: 'nothing in empty text', text: '', expected: [] },
    { name: 'a grouped sum of money', text: 'Pay is £1,250 a month.', expected: [number('£1,250', 7, '£', false, 1250, 0, true)] },
    { name: 'an ungrouped sum of money', text: '£1250', expected: [number('£1250', 0, '£', false, 1250, 0, false)] },
    { name: 'dollars with cents', text: '$3.50 each', expected: [number('$3.50', 0, '$', false, 3.5, 2, false)] },
    { name: 'euros, several groups and decimals', text: '€12,345,678.90', expected: [number('€12,345,678.90', 0, '€', false, 12345678.9, 2, true)] },
    { name: 'a million, grouped', text: '2,000,000', expected: [number('2,000,000', 0, '', false, 2000000, 0, true)] },
    { name: 'a percentage', text: '15%', expected: [number('15%', 0, '', true, 15, 0, false)] },
    { name: 'a decimal percentage', text: '2.5% rate', expected: [number('2.5%', 0, '', true, 2.5, 1, false)] },
    { name: 'a fraction below one', text: '0.5', expected: [number('0.5', 0, '', false, 0.5, 1, false)] },
    { name: 'trailing zeros as decimals', text: '1.000', expected: [number('1.000', 0, '', false, 1, 3, false)] },
    { name: 'a number before a full stop, without it', text: 'total 1,000.', expected: [number('1,000', 6, '', false, 1000, 0, true)] },
    {
      name: 'one per item of a list',
      text: 'up to 10, 20 and 30 days',
      expected: [number('10', 6, '', false, 10, 0, false), number('20', 10, '', false, 20, 0, false), number('30', 17, '', false, 30, 0, false)],
    },
    { name: 'day and year of a written date', text: 'on 5 April 2024', expected: [number('5', 3, '', false, 5, 0, false), number('2024', 11, '', false, 2024, 0, false)] },
    {
      name: 'each part of a slashed date',
      text: 'on 12/05/2024',
      expected: [number('12', 3, '', false, 12, 0, false), number('05', 6, '', false, 5, 0, false), number('2024', 9, '', false, 2024, 0, false)],
    },
    {
      name: 'each part of an ISO date',
      text: '2024-05-12',
      expected: [number('2024', 0, '', false, 2024, 0, false), number('05', 5, '', false, 5, 0, false), number('12', 8, '', false, 12, 0, false)],
    },
    { name: 'the number of an ordinal', text: '3rd day', expected: [number('3', 0, '', false, 3, 0, false)] },
    { name: 'the number of a temperature', text: '8°C', expected: [number('8', 0, '', false, 8, 0, false)] },
    { name: 'nothing inside a word or code', text: 'Form P60, COVID19 and x_12', expected: [] },
    { name: 'nothing inside a version number', text: 'v1.2.3', expected: [] },
    { name: 'nothing for a bare decimal fraction', text: '.5', expected: [] },
  ])('finds $name', ({ text, expected }) => {
    expect(findNumbers(text)).toEqual(expected);
  });

  it.todo('does not report the tail of a malformed grouping as a number written there (finds "2345" in "1,2345", "34" in "12,34")');

  it('gives pieces whose text is the slice of the input at their offsets', () => {
    fc.assert(
      fc.property(prose, (text) => {
        for (const n of findNumbers(text)) expect(n.text).toBe(text.slice(n.start, n.end));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('numberKey', () => {
  const key = (text: string) => numberKey(findNumbers(text)[0]!);

  it.each([
    ['£1,250', '£1250', true],
    ['1.50', '1.5', true],
    ['2,000,000', '2000000', true],
    ['15%', '15', false],
    ['£5', '$5', false],
    ['£5', '5', false],
    ['1.05', '1.5', false],
  ])('%s and %s agree: %s', (a, b, agree) => {
    expect(key(a) === key(b)).toBe(agree);
  });

  it.each([
    ['£1,250', '£1250'],
    ['€12,345,678.90', '€12345678.9'],
    ['1.50%', '1.5%'],
    ['1.000', '1'],
    ['0.5', '0.5'],
  ])('writes %s as %s', (text, expected) => {
    expect(key(text)).toBe(expected);
  });

  it('gives a grouped and an ungrouped sum the same key', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom('', '£', '$', '€'), (value, currency) => {
        const grouped = findNumbers(`${currency}${value.toLocaleString('en-US')}`);
        const plain = findNumbers(`${currency}${value}`);
        expect(grouped).toHaveLength(1);
        expect(plain).toHaveLength(1);
        expect(numberKey(grouped[0]!)).toBe(numberKey(plain[0]!));
      }),
    );
  });
});

describe('findEntities', () => {
  it.each([
    { name: 'nothing in empty text', text: '', expected: [] },
    {
      name: 'a phrase by its head word, and a weekday',
      text: 'Claims go to the Finance Team by Friday.',
      expected: [
        ['Finance Team', 17, 29, 'phrase:team'],
        ['Friday', 33, 39, 'weekday'],
      ],
    },
    { name: 'a phrase after a sentence-opening article', text: 'The Finance Team approves.', expected: [['Finance Team', 4, 16, 'phrase:team']] },
    { name: 'a phrase joined by "&"', text: 'The Leave & Absence Policy applies.', expected: [['Leave & Absence Policy', 4, 26, 'phrase:policy']] },
    { name: 'a phrase joined by "of"', text: 'ask the Board of Governors.', expected: [['Board of Governors', 8, 26, 'phrase:governors']] },
    { name: 'a phrase after a verb-opened sentence word', text: 'Retrieved the Leave Policy.', expected: [['Leave Policy', 14, 26, 'phrase:policy']] },
    {
      name: 'single words by the word before them',
      text: 'Staff in London and staff in Leeds.',
      expected: [
        ['London', 9, 15, 'word:in'],
        ['Leeds', 29, 34, 'word:in'],
      ],
    },
    { name: 'a word after a dropped function word at sentence start', text: 'If Finance agrees, pay.', expected: [['Finance', 3, 10, 'word:if']] },
    { name: 'a word after a sentence-opening qualifier', text: 'Only Jane may sign.', expected: [['Jane', 5, 9, 'word:only']] },
    { name: 'a place after a sentence-opening preposition', text: 'In Leeds staff rest.', expected: [['Leeds', 3, 8, 'word:in']] },
    { name: 'a month after a sentence-opening preposition', text: 'In March staff rest.', expected: [['March', 3, 8, 'month']] },
    {
      name: 'months and weekdays even when they open a sentence',
      text: 'Monday. Tuesday. March is busy.',
      expected: [
        ['Monday', 0, 6, 'weekday'],
        ['Tuesday', 8, 15, 'weekday'],
        ['March', 17, 22, 'month'],
      ],
    },
    // unseen114's false alarm: "closed on Sundays and Mondays" names two weekdays, not two words after "on" and "and".
    {
      name: 'weekdays in the plural',
      text: 'We are closed on Sundays and Mondays.',
      expected: [
        ['Sundays', 17, 24, 'weekday'],
        ['Mondays', 29, 36, 'weekday'],
      ],
    },
    {
      name: 'acronyms',
      text: 'Ask the NHS about it, or email HR in the UK.',
      expected: [
        ['NHS', 8, 11, 'acronym'],
        ['HR', 31, 33, 'acronym'],
        ['UK', 41, 43, 'acronym'],
      ],
    },
    { name: 'an acronym with digits opening a sentence', text: 'P60 forms are issued.', expected: [['P60', 0, 3, 'acronym']] },
    { name: 'no lone word capitalised only by opening a sentence', text: 'Leeds is cold. Policy: Jane signs.', expected: [] },
    { name: 'no lone word opening a line', text: 'He told Anna.\nBob agreed.', expected: [['Anna', 8, 12, 'word:told']] },
    { name: 'no unit letter such as the C of 8°C', text: 'It is 8°C outside.', expected: [] },
    { name: 'neither half of a name joined by "on"', text: 'Payments on Account are due.', expected: [] },
    { name: 'neither half of a name joined by "to"', text: 'Use a Time to Pay Arrangement.', expected: [] },
    { name: 'no name with irregular spacing, rather than a wrong span', text: 'Ask the  Finance  Team.', expected: [] },
    { name: 'no name in a quoted example of what the asker may write', text: 'A message such as "Happy 60th" is free.', expected: [] },
    {
      name: 'a name in quotation marks that is no example',
      text: 'Choose "Gold Plus" at the Box Office.',
      expected: [
        ['Gold Plus', 8, 17, 'phrase:plus'],
        ['Box Office', 26, 36, 'phrase:office'],
      ],
    },
    { name: 'no name in a quoted example with an apostrophe in it', text: 'A message such as "Tom’s Big Day" is free.', expected: [] },
    { name: 'a product named in quotes as an example (a review)', text: 'Order a cake such as "Gold Plus" today.', expected: [['Gold Plus', 22, 31, 'phrase:plus']] },
  ])('finds $name', ({ text, expected }) => {
    expect(findEntities(text).map(({ text, start, end, kind }) => [text, start, end, kind])).toEqual(expected);
  });

  it.todo('drops the connector left after a sentence-opening word ("Employees of Acme Corp" gives "Acme Corp", not "of Acme Corp")');
  it.todo('finds a name after a sentence-opening verb and "to" ("Speak to Jane Smith", "Apply to HMRC" give nothing)');

  it('gives pieces whose text is the slice of the input at their offsets', () => {
    fc.assert(
      fc.property(prose, (text) => {
        for (const e of findEntities(text)) expect(e.text).toBe(text.slice(e.start, e.end));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('gazetteerFor', () => {
  it.each([
    ['month', 12, 'January', 'December'],
    ['weekday', 7, 'Monday', 'Sunday'],
  ] as const)('lists the %s stand-ins in calendar order', (kind, count, first, last) => {
    const names = gazetteerFor(kind);
    expect(names).toHaveLength(count);
    expect([names[0], names[count - 1]]).toEqual([first, last]);
  });

  it.each(['acronym', 'phrase:team', 'word:in'] as const)('has no stand-ins for %s', (kind) => {
    expect(gazetteerFor(kind)).toEqual([]);
  });
});

describe('findQualifiers', () => {
  it.each([
    { name: 'nothing in empty text', text: '', expected: [] },
    { name: 'a word qualifier opening a sentence', text: 'Only staff may apply.', expected: [['only', 'Only', 0, 4]] },
    { name: 'a clause qualifier opening a sentence', text: 'Unless told otherwise, go.', expected: [['unless', 'Unless', 0, 6]] },
    {
      name: 'word and clause qualifiers, in text order',
      text: 'Claims are paid within 14 days, except for taxis.',
      expected: [
        ['within', 'within', 16, 22],
        ['except', 'except', 32, 38],
      ],
    },
    {
      name: 'a word and a clause qualifier',
      text: 'Pay at least £5, unless exempt.',
      expected: [
        ['at least', 'at least', 4, 12],
        ['unless', 'unless', 17, 23],
      ],
    },
    { name: 'a two-word clause qualifier', text: 'provided that it rains', expected: [['provided that', 'provided that', 0, 13]] },
    { name: 'no condition in "provided" as a verb', text: 'Insurance is provided by the company.', expected: [] },
    // unseen22: "Apply a thin layer of the aftercare balm provided, up to 3 times a day".
    { name: 'no condition in "provided" closing its noun phrase', text: 'Apply the balm provided, up to 3 times a day.', expected: [['up to', 'up to', 25, 30]] },
    // unseen55: "Wrap each blade in one of the card sleeves provided and tape the sleeve closed".
    { name: 'no condition in "provided" before "and"', text: 'Wrap each blade in one of the sleeves provided and tape it closed.', expected: [] },
    { name: 'a condition in "provided" as a conjunction', text: 'Pets stay, provided the landlord agrees.', expected: [['provided', 'provided', 11, 19]] },
    {
      name: 'three-word qualifiers',
      text: 'no more than 3 and no later than May',
      expected: [
        ['no more than', 'no more than', 0, 12],
        ['no later than', 'no later than', 19, 32],
      ],
    },
    { name: 'any case and any spacing', text: 'AT   LEAST five', expected: [['at least', 'AT   LEAST', 0, 10]] },
    { name: 'words split over a line', text: 'no\nmore than 2', expected: [['no more than', 'no\nmore than', 0, 12]] },
    {
      name: 'every occurrence',
      text: 'up to 10 and up to 20',
      expected: [
        ['up to', 'up to', 0, 5],
        ['up to', 'up to', 13, 18],
      ],
    },
    {
      name: 'qualifiers of several sentences',
      text: 'At most 5. Never 6.',
      expected: [
        ['at most', 'At most', 0, 7],
        ['never', 'Never', 11, 16],
      ],
    },
    { name: '"not" as a word, not inside "nothing"', text: 'This is not nothing.', expected: [['not', 'not', 8, 11]] },
    { name: 'nothing inside longer words', text: 'knot notable lonely unlessly', expected: [] },
    // unseen44's false alarm: "with no more than 8 children on at once" is no limit on how often, so an answer leaving the clause out drops nothing.
    { name: '"at once" (at the same time), not "once" as a limit', text: 'No more than 8 children on at once.', expected: [['no more than', 'No more than', 0, 12]] },
    { name: '"once" as a limit', text: 'You can move it once, free of charge.', expected: [['once', 'once', 16, 20]] },
  ])('finds $name', ({ text, expected }) => {
    expect(findQualifiers(text).map(({ keyword, text, start, end }) => [keyword, text, start, end])).toEqual(expected);
  });

  it('gives pieces whose text is the slice of the input at their offsets, sorted and not overlapping', () => {
    fc.assert(
      fc.property(prose, (text) => {
        let previousEnd = 0;
        for (const q of findQualifiers(text)) {
          expect(q.text).toBe(text.slice(q.start, q.end));
          expect(q.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = q.end;
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isClauseQualifier', () => {
  it.each([
    ['unless', true],
    ['except', true],
    ['provided that', true],
    ['only', false],
    ['at least', false],
    ['within', false],
    ['Unless', false],
    ['', false],
  ])('%s: %s', (keyword, expected) => {
    expect(isClauseQualifier(keyword)).toBe(expected);
  });
});

describe('statesQualifier, for ranges and "only" before a count', () => {
  it.each([
    ['anywhere from one to three months', 'a maximum of', true],
    ['between one and three months', 'at least', true],
    ['can only visit as a guest twice a month', 'no more than', true],
    ['can visit as a guest twice a month', 'no more than', false],
    ['for three months', 'a maximum of', false],
  ])('%j states %j: %s', (text, keyword, expected) => {
    expect(statesQualifier(text, keyword)).toBe(expected);
  });
});

describe('statesQualifier', () => {
  it.each([
    ['Pay At Least 5.', 'at least', true],
    ['Filed no   later than May.', 'no later than', true],
    ['Only staff.', 'only', true],
    ['Paid unless exempt.', 'unless', true],
    ['Pay atleast 5.', 'at least', false],
    ['A lonely rule.', 'only', false],
    ['Nothing here.', 'not', true], // "nothing" is one of the ways of writing "not"
    ["It can't weigh more than 30 kg.", 'no more than', true],
    ['A maximum of 6 titles.', 'no more than', true],
    ["The landlord can't refuse.", 'not', true],
    ['Six titles at once.', 'no more than', false],
    ['', 'not', false],
    // "Provided" is "provided that" without its "that": "if", "only if" and "as long as" set the same condition.
    ['If you ask before it expires.', 'provided', true],
    ['Only if the card is unused.', 'provided', true],
    ['As long as the card is unused.', 'provided', true],
    ['Ask before it expires.', 'provided', false],
  ])('%j states %s: %s', (text, keyword, expected) => {
    expect(statesQualifier(text, keyword)).toBe(expected);
  });
});

describe('alignToEvidence', () => {
  const evidence = ['Annual leave accrues at 2 days per month.', 'Expense claims are paid within 14 days by the Finance Team.', 'Staff must book travel through the portal.'];

  it.each([
    // Numbers and names count as words of the claim: one the sentence does not state costs its share of the score, not the alignment.
    { name: 'the sentence sharing the words, whatever the number', claim: 'Leave accrues at 3 days per month.', sentence: evidence[0], score: 4 / 5 },
    { name: 'the sentence sharing the words, whatever the name and number', claim: 'Claims are paid within 30 days by the Payroll Team.', sentence: evidence[1], score: 3 / 5 },
    { name: 'the sentence sharing the words, whatever the last word names', claim: 'Staff book travel through Concur.', sentence: evidence[2], score: 3 / 5 },
    { name: 'a partial match, scored by the share of the claim', claim: 'Annual leave accrues daily for staff members here.', sentence: evidence[0], score: 3 / 7 },
    { name: 'the first sentence, scored 0, when no word is shared', claim: 'The sky is blue.', sentence: evidence[0], score: 0 },
  ])('picks $name', ({ claim, sentence, score }) => {
    const found = alignToEvidence(claim, evidence);
    expect(found?.sentence).toBe(sentence);
    expect(found?.score).toBeCloseTo(score, 10);
  });

  it.each([
    { name: 'an empty claim', claim: '', sources: evidence },
    { name: 'a claim of numbers and stopwords only', claim: 'It is 5 of the 10.', sources: evidence },
    { name: 'a claim of names only', claim: 'Finance Team in London', sources: evidence },
    { name: 'no evidence', claim: 'Leave accrues.', sources: [] },
  ])('gives null for $name', ({ claim, sources }) => {
    expect(alignToEvidence(claim, sources)).toBeNull();
  });

  it('prefers the earlier of equally good sentences', () => {
    expect(alignToEvidence('Leave accrues.', ['Leave accrues daily.', 'Leave accrues.'])).toEqual({ sentence: 'Leave accrues daily.', score: 1 });
  });

  it('reads the word after a clause label as the sentence’s first, an ordinary word', () => {
    expect(alignToEvidence('Unused credits reset every month.', ['2.2 Credits are reset each month.'])?.score).toBeCloseTo(3 / 4, 10);
  });

  it('meets a plural with its singular', () => {
    expect(alignToEvidence('Payments are made.', ['Nothing here.', 'A payment is made.'])).toEqual({ sentence: 'A payment is made.', score: 1 });
  });

  it.todo('meets "accrue" with "accrues", as the stem comment promises (scores 0.5 for "Leave accrue." against "Leave accrues.")');

  it.each([
    ['Claims are paid within 14 days by the Finance Team.', 'Claims are paid within 15 days by the People Team.'],
    ['Rooms cost £150 in London.', 'Rooms cost £1,500 in Leeds.'],
  ])('aligns %j and its mutant %j to the same sentence', (claim, mutant) => {
    const sources = [...evidence, 'Rooms cost £150 in London.', 'Leave accrues at 2 days per month from March.'];
    const original = alignToEvidence(claim, sources);
    expect(original?.score).toBe(1);
    expect(alignToEvidence(mutant, sources)?.sentence).toBe(original?.sentence);
  });

  it('meets a paraphrase: other words, a synonym, the same amount', () => {
    const sources = ['Cash withdrawals abroad cost an additional £1.50 per withdrawal.', 'Card payments in euros are free.'];
    const found = alignToEvidence('Taking cash out of an ATM overseas costs an extra £1.50 each time.', sources);
    expect(found?.sentence).toBe(sources[0]);
    expect(found?.score).toBeGreaterThanOrEqual(MIN_SUPPORT);
  });

  it('still picks the right sentence among more evidence sentences than it caches', () => {
    const filler = Array.from({ length: 1500 }, (_, i) => `Filler sentence number ${i} about nothing.`);
    expect(alignToEvidence('Leave accrues monthly.', [...filler, 'Leave accrues monthly.', ...filler])).toEqual({ sentence: 'Leave accrues monthly.', score: 1 });
    expect(alignToEvidence('Leave accrues monthly.', filler)).toEqual({ sentence: filler[0], score: 0 });
  });
});

describe('inflects: a short word with "-ing" or "-ed"', () => {
  it.each([
    ['fit', 'fitting', true],
    ['stop', 'stopped', true],
    ['price', 'pricing', true],
    ['rent', 'renting', true],
    ['rent', 'rented', true],
    ['fit', 'fitted', true],
    ['fit', 'fitness', false],
    ['car', 'cart', false],
    ['use', 'useful', false],
    ['at', 'ating', false],
  ])('%s, %s: %s', (shorter, longer, expected) => {
    expect(inflects(shorter, longer)).toBe(expected);
  });

  it('lets a claim "to fit the cables" rest on "a fitting charge" for cables', () => {
    const sources = [
      'Replacing gear and brake cables and housing can be added to a Standard Service for a fitting charge of €25.',
      'The parts are extra: a Shimano cable set costs €18 and a Jagwire Pro set costs €34.',
    ];
    expect(supportOf('You pay €25 to fit the new cables.', sources)).toBe(sources[0]);
  });
});

describe('supportOf', () => {
  // Ten ordinary words: three shared is exactly MIN_SUPPORT, two is below it.
  const claim = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet';

  it('has a threshold of 0.3', () => {
    expect(MIN_SUPPORT).toBe(0.3);
  });

  it.each([
    {
      name: 'a sentence sharing all the words',
      claim: 'Leave accrues at 3 days per month.',
      sources: ['Staff book travel.', 'Annual leave accrues at 2 days per month.'],
      expected: 'Annual leave accrues at 2 days per month.',
    },
    { name: 'a sentence sharing exactly MIN_SUPPORT of the words', claim, sources: ['alpha bravo charlie zulu'], expected: 'alpha bravo charlie zulu' },
    { name: 'a sentence sharing above MIN_SUPPORT', claim, sources: ['alpha bravo charlie delta zulu'], expected: 'alpha bravo charlie delta zulu' },
    { name: 'null for a best sentence below MIN_SUPPORT', claim, sources: ['alpha bravo zulu', 'alpha zulu'], expected: null },
    { name: 'null when nothing is shared', claim: 'The sky is blue.', sources: ['Staff book travel.'], expected: null },
    // A claim of numbers and names only ("He has until 15 January 2025.") rests on the sentence that states them.
    { name: 'a claim with no ordinary words, by the sentence stating its numbers', claim: 'It is 5 of the 10.', sources: ['Staff book travel.', 'It is 5 of the 10.'], expected: 'It is 5 of the 10.' },
    { name: 'null for a claim with no ordinary words whose numbers no sentence states', claim: 'It is 6 of the 11.', sources: ['It is 5 of the 10.'], expected: null },
    { name: 'null for an empty claim', claim: '', sources: ['Staff book travel.'], expected: null },
    { name: 'null without evidence', claim: 'Staff book travel.', sources: [], expected: null },
  ])('gives $name', ({ claim, sources, expected }) => {
    expect(supportOf(claim, sources)).toBe(expected);
  });
});

describe('supportOf, for a claim that joins two evidence sentences', () => {
  const sources = ['The difference is refunded to your original payment method.', 'Each item is eligible for one price adjustment.', 'Price matches are not available on clearance items.'];
  it.each([
    { name: 'the two sentences it joins, the better first', claim: 'It is refunded to the payment method you used, and each item can only be adjusted once.', expected: sources[0] },
    {
      name: 'null when the two say too little of it between them',
      claim: 'Store managers at their discretion refund gift vouchers to your payment card, and adjust loyalty points weekly.',
      expected: null,
    },
  ])('gives $name', ({ claim, expected }) => {
    expect(MIN_JOINED_SUPPORT).toBe(0.5);
    expect(supportOf(claim, sources)).toBe(expected);
  });

  it('puts the second sentence in the passage, where its figures and names are stated', () => {
    const claim = 'It is refunded to the payment method you used, and each item can only be adjusted once.';
    expect(supportPassage(claim, sources)?.context).toContain(sources[1]);
  });
});

describe('supportPassage, for a claim that writes a name of the evidence in ordinary words', () => {
  it.each([
    {
      name: 'draws in the sentence that gives the whole name',
      sources: ['SUVs and 7-seaters carry a 20% surcharge on the package price.', 'Full Valet: $149, taking about 3.5 hours.'],
      claim: 'A full valet is normally $149, and 7-seaters carry a 20% surcharge on the package price.',
      drawn: true,
    },
    {
      name: 'not a sentence whose name shares one word with the claim',
      sources: ['Hotel rooms cost up to £180 per night in London.', 'Rooms in Manchester and Leeds are booked from the Preferred Hotel List.'],
      claim: 'Hotel rooms cost up to £180 per night in Manchester.',
      drawn: false,
    },
  ])('$name', ({ sources, claim, drawn }) => {
    expect(supportPassage(claim, sources)?.context.includes(sources[1]!)).toBe(drawn);
  });
});

describe('evidenceSentences', () => {
  it.each([
    { name: 'nothing for no evidence', evidence: [], expected: [] },
    {
      name: 'the sentences of every item in order, ignoring titles',
      evidence: [{ text: 'One. Two.' }, { text: '', title: 'Empty' }, { text: 'Three', title: 'Three' }],
      expected: ['One.', 'Two.', 'Three'],
    },
    { name: 'paragraphs as sentences', evidence: [{ text: 'Heading\n\nBody text.' }], expected: ['Heading', 'Body text.'] },
  ])('gives $name', ({ evidence, expected }) => {
    expect(evidenceSentences(evidence)).toEqual(expected);
  });
});

describe('sentenceAround', () => {
  const text = 'Pay is £5. Leave is 2 days.';

  it.each([
    { name: 'a span inside the first sentence', start: 7, end: 9, expected: ['Pay is £5.', 0, 10] },
    { name: 'a span at the start of the text', start: 0, end: 3, expected: ['Pay is £5.', 0, 10] },
    { name: 'the whole first sentence', start: 0, end: 10, expected: ['Pay is £5.', 0, 10] },
    { name: 'a span inside the second sentence', start: 11, end: 16, expected: ['Leave is 2 days.', 11, 27] },
    { name: 'a span ending at the end of the text', start: 26, end: 27, expected: ['Leave is 2 days.', 11, 27] },
    { name: 'an empty span at a boundary, to the earlier sentence', start: 10, end: 10, expected: ['Pay is £5.', 0, 10] },
  ])('finds the sentence for $name', ({ start, end, expected }) => {
    const found = sentenceAround(text, start, end);
    expect(found && [found.text, found.start, found.end]).toEqual(expected);
  });

  it.each([
    { name: 'a span crossing a sentence boundary', text, start: 5, end: 15 },
    { name: 'a span reaching into the next sentence', text, start: 9, end: 12 },
    { name: 'a span over the space between sentences', text, start: 10, end: 11 },
    { name: 'a span over leading spaces', text: '  Hi.', start: 0, end: 1 },
    { name: 'empty text', text: '', start: 0, end: 0 },
  ])('finds nothing for $name', ({ text, start, end }) => {
    expect(sentenceAround(text, start, end)).toBeUndefined();
  });

  it('finds, for any span inside a sentence, that sentence', () => {
    fc.assert(
      fc.property(prose, fc.nat(), fc.nat(), (text, a, b) => {
        const sentences = splitSentences(text);
        fc.pre(sentences.length > 0);
        const s = sentences[a % sentences.length]!;
        const start = s.start + (b % (s.end - s.start));
        expect(sentenceAround(text, start, s.end)).toEqual(s);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('containsWords', () => {
  it.each([
    ['Ask the Finance Team.', 'Finance Team', true],
    ['Ask the Finance Team.', 'Finance', true],
    ['Ask the Finance Teams.', 'Finance Team', false],
    ['Ask the Finance Team.', 'finance team', false],
    // A document wraps a name across lines (a YAML block's text keeps its line breaks).
    ['Ask the Finance\nTeam.', 'Finance Team', true],
    ['Ask the NHSX.', 'NHS', false],
    ['Ask the_NHS.', 'NHS', false],
    ['Pay £5 now.', '£5', true],
    ['Pay £50 now.', '£5', false],
    ['Pay $5.00 now.', '$5.00', true],
    ['Pay $5x00 now.', '$5.00', false],
    ['Visit (UK) today.', '(UK)', true],
    ['Visit UK today.', '(UK)', false],
  ])('%j contains %j: %s', (haystack, needle, expected) => {
    expect(containsWords(haystack, needle)).toBe(expected);
  });

  it.todo('treats non-ASCII letters as part of a word ("Café" contains "Caf" as whole words today)');

  it('finds every entity of a text in that text', () => {
    fc.assert(
      fc.property(prose, (text) => {
        for (const e of findEntities(text)) expect(containsWords(text, e.text)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
