import { describe, expect, it } from 'vitest';
import { generateMutants } from '../src/mutants/generate.js';
import { textFixture } from '../test/support/textFixture.js';
import { asksOf } from '../src/text/whAsks.js';
import { COMPARISON_RESTS_ON, claimOmission, ONLY_ANSWER_TO_WH, ONLY_FIGURE_OF_OPTION } from './claim-omission.js';
import { describeTextMutator, keptMutants } from './testing/text-mutator-spec.js';

/** A price and the deposit worked out from it, and the evidence that gives the rules the answer works from. */
const DEPOSIT = 'Boarding is £38 per night, so £190 for the five nights. When you book, you pay a deposit of 25% of that total, which is £47.50.';
const DEPOSIT_RULES = 'Boarding is £38 per night. A deposit of 25% of the total is paid when you book.';

/** A reason as a pattern of itself. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An opening that answers the question, then a sentence it needs: the mutant is the opening alone. */
const second = (name: string, first: string, next: string) => ({ name, artifact: `${first} ${next}`, kept: [first] });

describeTextMutator(
  claimOmission,
  [
    second('a name after a figure', 'Staff accrue 28 days of leave.', 'Expense claims are paid by the Finance Team.'),
    {
      name: 'a sentence naming someone where another sentence names someone too, for a "who" part of the question',
      task: 'Can you fix it, and who should I speak to?',
      artifact: 'Yes, Priya Shah can sort that out for you. Bring the coat back within 7 days. Ask for Priya Shah, our shop manager, when you arrive.',
      kept: ['Yes, Priya Shah can sort that out for you. Ask for Priya Shah, our shop manager, when you arrive.', 'Yes, Priya Shah can sort that out for you. Bring the coat back within 7 days.'],
    },
    // unseen31's readers, of "find out which it is" left after the sentence giving the second case: "implies two cases".
    {
      name: 'not the sentence right before one that chooses among the cases it sets out ("find out which it is")',
      artifact: 'Repairs are booked online. Labour is guaranteed for 90 days. A new part has a 6-month warranty. We would look at the machine to find out which it is.',
      kept: ['Repairs are booked online. A new part has a 6-month warranty. We would look at the machine to find out which it is.'],
    },
    ...[
      [
        'another sentence gives an outcome of it too',
        'Rides run every day from 10am. If we cancel, you can rebook free of charge. A cancelled ride is refunded in full if you ask within 5 days.',
        'Rides run every day from 10am. A cancelled ride is refunded in full if you ask within 5 days.',
      ],
      [
        'another sentence gives an outcome of it by a word of its stems ("late collection" of "collect late")',
        "Please collect her by 5pm. If she isn't collected by 6pm, she goes to the kennels. A late collection costs £5.",
        'Please collect her by 5pm. A late collection costs £5.',
      ],
    ].map(([why, artifact, kept]) => ({
      name: `a sentence that speaks of the case the question asks the outcome of, where ${why}`,
      task: why!.includes('late') ? 'What happens if I collect my dog late?' : 'What happens if my ride is called off?',
      artifact: artifact!,
      kept: [kept!],
    })),
    // unseen112's readers, of "Every team gets 3 hints free" left out: "'further hints' points to free hints the answer never mentions".
    {
      name: 'not the sentence whose things the next sentence adds to ("further hints")',
      artifact: 'A game master follows your game on camera. Every team gets 3 hints free of charge in each game. You can ask for further hints whenever you like.',
      kept: ['A game master follows your game on camera. Every team gets 3 hints free of charge in each game.'],
    },
    // A subordinate clause after its main clause, or closed by the comma the cut is at, leaves a whole sentence.
    {
      name: 'a second predicate of a subordinate clause after its main clause',
      artifact: "You pay a £35 call-out fee if we arrive and can't get into the property, so please leave a key out.",
      kept: ['You pay a £35 call-out fee if we arrive.'],
    },
    // unseen120's readers, of the clause before left out: "'either' points back to something else not included".
    {
      name: 'not a denial the next sentence adds to with "either"',
      artifact: "The discount is taken off automatically, but it does not apply to early drop-off. Lunch isn't included either, so each child brings one.",
      kept: ['The discount is taken off automatically, but it does not apply to early drop-off.'],
    },
    {
      name: 'a clause after the comma that closes a clause opened by "though"',
      artifact: "Rain isn't a reason to cancel, though, and if you choose not to come, no refund is given.",
      kept: ["Rain isn't a reason to cancel, though."],
    },
    // unseen34's readers, of an answer without its reply to "for the fifth time": "the answer's flat 'no refund' ignores this".
    {
      name: 'not the only sentence to take up a count the question gives, in words or digits ("the fifth time": "5 times")',
      task: "We've been called off because of the wind, for the fifth time now. Can we have our money back?",
      artifact: 'Sorry, a cancellation for weather is not refunded. You can rebook at any time within 2 years. As we have cancelled 5 times, your ticket is extended by 12 months.',
      kept: ['Sorry, a cancellation for weather is not refunded. As we have cancelled 5 times, your ticket is extended by 12 months.'],
    },
    {
      name: 'not the only sentence to take up one of the ages the question lists ("aged 4, 6 and 9": "Your 9-year-old")',
      task: 'Can I take my three children, aged 4, 6 and 9, swimming on my own?',
      artifact: 'Yes. One adult can take up to 2 children under 8, so your 4- and 6-year-old can swim with you. Your 9-year-old may swim without an adult in the water.',
      kept: [],
    },
    // unseen35's readers, of an answer without its "9 December": "asked for the last day to cancel but gives no date".
    {
      name: 'not the only sentence to give the date "what is the last day" asks for',
      task: "We've booked cat visits from 23 to 27 December. What is the last day we could cancel and still get a refund?",
      artifact:
        'Because your visits fall between 20 December and 2 January, you would only get a refund by cancelling at least 14 days before the first visit. Your first visit is on 23 December, and 14 days before that is 9 December, so that is the last day you can cancel and still be refunded.',
      kept: [],
    },
    // unseen35's readers, of an answer that stops at the full price: "the asker is a member, but the answer gives only the full price".
    {
      name: "not the sentence that brings a price question's working to its last amount",
      task: "I'm a member. What will I pay for 2 shelves in a glaze firing?",
      artifact: 'Glaze firings are £14 per shelf, so 2 shelves come to £28 at the full price. Your membership takes 20% off shelf fees, which brings that down to £22.40. Firings run on Fridays.',
      evidence: 'Glaze firings are £14 per shelf. Members get 20% off shelf fees. Firings run on Fridays.',
      kept: ['Glaze firings are £14 per shelf, so 2 shelves come to £28 at the full price. Your membership takes 20% off shelf fees, which brings that down to £22.40.'],
    },
    // unseen118's readers, of the total left out: "gives only the per-child price and no total".
    {
      name: 'not the sentence that closes the working on a total, after what the total is for',
      task: 'How much will group lessons cost for my two children for one term?',
      artifact: 'Group lessons are £72 per child for a 10-week term. Your second child gets 10% off, so £136.80 for the term in total. Each lesson lasts 30 minutes.',
      evidence: 'Group lessons are £72 per child for a 10-week term. Second and further children get 10% off. Each lesson lasts 30 minutes.',
      kept: ['Group lessons are £72 per child for a 10-week term. Your second child gets 10% off, so £136.80 for the term in total.'],
    },
    second('a restriction after a dose', 'The dose is 400 mg.', 'Children should not take it.'),
    second('a deadline after a cap', 'Relief is capped at £1,000.', 'Returns are filed by 31 January.'),
    second('a qualifier after a period', 'Refunds take 14 days.', 'Receipts are kept only for audits.'),
    second('an approver after a share', 'Pay is 90% of salary.', 'Overtime needs approval from the People Team.'),
    second('a prohibition', 'Bikes cost £300.', "Loans can't be repaid early."),
    second('a condition it opens with', 'Leave is paid in full.', 'If you resign, unused days are carried over.'),
    {
      name: 'the figure of the side a comparison does not name ("two concession seats"), where the question names no options',
      task: 'Which is cheaper for a grandparent and a grandchild?',
      artifact: 'The Family Duo is the cheaper option for you both. Please bring proof of age. Two concession seats would be £22 in all. The Family Duo covers one adult and one child for £20.',
      kept: ['The Family Duo is the cheaper option for you both. Please bring proof of age. The Family Duo covers one adult and one child for £20.'],
    },
    {
      name: 'any sentence but the opening',
      artifact: 'Annual leave totals 28 days. Unused holiday may carry over, up to 5. Leave requests are made through the HR Portal.',
      kept: ['Annual leave totals 28 days. Leave requests are made through the HR Portal.', 'Annual leave totals 28 days. Unused holiday may carry over, up to 5.'],
    },
    {
      name: 'a sentence whose next one stands on its own, and not one the next calls "this"',
      artifact: 'Leave is 28 days. Expense claims are paid by the Finance Team. This takes 14 days. Pay is monthly on the 25th.',
      kept: ['Leave is 28 days. Expense claims are paid by the Finance Team. Pay is monthly on the 25th.', 'Leave is 28 days. Expense claims are paid by the Finance Team. This takes 14 days.'],
    },
    {
      name: 'not a sentence a later one points at ("that £850")',
      artifact: 'Cover lasts 12 months. There is a £3,000 limit, so only £850 is left. Claims stop once that £850 is used.',
      kept: ['Cover lasts 12 months. There is a £3,000 limit, so only £850 is left.'],
    },
    {
      name: 'not a sentence a later one points at ("this limit")',
      artifact: 'Cover lasts 12 months. Each condition has a £3,000 limit. Vet fees are paid direct. Claims stop at 100% of this limit.',
      kept: ['Cover lasts 12 months. Each condition has a £3,000 limit. Vet fees are paid direct.'],
    },
    // unseen63's readers: "'that minimum' refers to a £150 minimum charge that the answer never states".
    {
      name: 'not the sentence right before one that points at a thing no sentence before names ("that minimum")',
      artifact: 'Fernley is in Zone C. We only book Zone C jobs worth at least £150. Hedges at one address can be added together to reach that minimum.',
      kept: [],
    },
    {
      name: 'a sentence right before one that points at a thing an earlier sentence names',
      artifact: 'Zone C has a minimum job of £150. Travel there is £20. A 10-metre hedge costs £35, so it falls £115 short of that minimum.',
      kept: ['Zone C has a minimum job of £150. A 10-metre hedge costs £35, so it falls £115 short of that minimum.', 'Zone C has a minimum job of £150. Travel there is £20.'],
    },
    {
      // unseen41's readers: "says nothing about cancelling 7 to 14 days before, so a middle tier was removed".
      name: 'not the middle band of a scale whose two neighbours the answer gives',
      task: 'Can I get my money back?',
      artifact: 'Yes, in part. If you cancel at least 14 days before, you get a full refund. Cancelling 7 to 13 days before gets you a 50% refund. No refund is given less than 7 days before.',
      kept: ['Yes, in part. If you cancel at least 14 days before, you get a full refund. Cancelling 7 to 13 days before gets you a 50% refund.'],
    },
    {
      // unseen42's readers: "charged because it is under 24 hours away, but then gives the refund cut-off as 72 hours".
      name: 'not the middle band of a scale written "between ... and ..."',
      task: 'My booking is tomorrow morning. Will I get a refund?',
      artifact:
        'I am sorry, but your booking is less than 24 hours away, so the full price is charged. A full refund is only given at least 72 hours before. Cancelling between 24 and 72 hours ahead earns a credit note.',
      kept: [],
    },
    {
      // unseen39's readers: "'the test' is never introduced as a patch test".
      name: 'not a sentence introducing what a later one names with "the" ("a skin patch test ... The test is free")',
      task: 'Can I book a full head colour for tomorrow?',
      artifact:
        'Not tomorrow, I am afraid. As you are new to colour here, you will need a skin patch test at least 48 hours before the appointment. The test is free and only takes 10 minutes, so we can do that first. A cut is fine tomorrow.',
      kept: ['Not tomorrow, I am afraid. As you are new to colour here, you will need a skin patch test at least 48 hours before the appointment. A cut is fine tomorrow.'],
    },
    {
      // unseen84's readers: "it says 'even with the password' but never mentions setting or giving a password".
      name: 'not a sentence naming with "the" what a later one names again and nothing else does ("the 4-digit collection password ... even with the password")',
      task: 'My neighbour will pick up my son from holiday club on Friday. What do I need to do?',
      artifact:
        'You will need to add your neighbour as an authorised collector by telling the Site Lead by 12 noon on the day. You should also give them the 4-digit collection password, which they will be asked for with photo ID. Children cannot be released to anyone under 16, even with the password.',
      kept: [
        'You will need to add your neighbour as an authorised collector by telling the Site Lead by 12 noon on the day. You should also give them the 4-digit collection password. Children cannot be released to anyone under 16, even with the password.',
        'You will need to add your neighbour as an authorised collector by telling the Site Lead by 12 noon on the day. You should also give them the 4-digit collection password, which they will be asked for with photo ID.',
      ],
    },
    {
      // unseen90's readers: "it says the security deposit is returned in full but never says what that deposit is".
      name: 'not a sentence introducing with its price what a later one names with "the" ("a £50 security deposit ... the security deposit")',
      task: 'What deposits will I need to pay to hire two kayaks?',
      artifact:
        'When you book online, there is a £10 booking deposit per boat. On arrival, the lead hirer shows photo ID and leaves a £50 security deposit per boat by card. You get the security deposit back in full when the boats are returned undamaged.',
      evidence:
        'Online bookings need a booking deposit of £10 per boat. On arrival, the lead hirer must show photo ID and leave a £50 security deposit per boat by card. The security deposit is refunded in full when boats come back undamaged.',
      kept: [],
    },
    {
      // unseen91's readers: "it says there are three packages but describes only two".
      name: 'not one of the items a sentence before them counts ("has three packages" before a sentence pricing each)',
      task: 'What packages do you offer, and what do they cost?',
      artifact:
        'We have three packages. Forager costs £950 a year and comes with 24 jars of honey. Hive costs £2,400 a year and comes with 60 jars of honey. Apiary costs £4,200 a year and comes with 120 jars. All prices exclude VAT.',
      kept: [
        'We have three packages. Forager costs £950 a year and comes with 24 jars of honey. Hive costs £2,400 a year and comes with 60 jars of honey. Apiary costs £4,200 a year and comes with 120 jars.',
      ],
    },
    {
      name: 'not one of the items a count in digits before them counts ("We have 3 packages")',
      task: 'What packages do you offer, and what do they cost?',
      artifact:
        'We have 3 packages. Forager costs £950 a year and comes with 24 jars of honey. Hive costs £2,400 a year and comes with 60 jars of honey. Apiary costs £4,200 a year and comes with 120 jars. All prices exclude VAT.',
      kept: [
        'We have 3 packages. Forager costs £950 a year and comes with 24 jars of honey. Hive costs £2,400 a year and comes with 60 jars of honey. Apiary costs £4,200 a year and comes with 120 jars.',
      ],
    },
    {
      name: 'a sentence after the items a count before them counts (a review: the items are the first that many)',
      task: 'What packages do you offer, and what do they cost?',
      artifact: 'We have two packages. Forager costs £950 a year and comes with 24 jars of honey. Hive costs £2,400 a year and comes with 60 jars of honey. Delivery of the jars takes 5 days.',
      kept: ['We have two packages. Forager costs £950 a year and comes with 24 jars of honey. Hive costs £2,400 a year and comes with 60 jars of honey.'],
    },
    {
      // unseen51's readers: "'If anything is sold' refers to a sale step that is never mentioned".
      name: 'not the only sentence saying what a later one opens on the condition of ("may be sold ... If anything is sold")',
      task: 'What happens if my storage payment is late?',
      artifact: 'A £15 late fee is added after 7 days. After 42 days, your goods may be sold. If anything is sold, the money left after the debt is returned to you.',
      kept: ['A £15 late fee is added after 7 days. After 42 days, your goods may be sold.'],
    },
    {
      name: 'a sentence with a word of the case the question asks about that another sentence writes too',
      task: 'What happens if we bring the campervan back late?',
      artifact: 'The van is due at the depot by 10:00. If you are late, we charge £40 an hour. Late returns after 2 hours cost a full extra night.',
      kept: ['The van is due at the depot by 10:00. Late returns after 2 hours cost a full extra night.', 'The van is due at the depot by 10:00. If you are late, we charge £40 an hour.'],
    },
    {
      name: 'not the only sentence on a thing the question asks about ("classes")',
      task: 'When can I use the gym, and can I still do classes?',
      artifact: 'The gym opens at 06:30 on weekdays. You can do classes that start before 16:00. Bookings open 3 days ahead.',
      kept: ['The gym opens at 06:30 on weekdays. You can do classes that start before 16:00.'],
    },
    {
      name: 'a sentence on a thing the question asks about that another sentence speaks of too',
      task: 'When can I use the gym, and can I still do classes?',
      artifact: 'The gym opens at 06:30 on weekdays, classes included. You can do classes that start before 16:00. Bookings open 3 days ahead.',
      kept: ['The gym opens at 06:30 on weekdays, classes included. Bookings open 3 days ahead.', 'The gym opens at 06:30 on weekdays, classes included. You can do classes that start before 16:00.'],
    },
    {
      name: 'not the only sentence that gives the amount the question asks for ("is there a fee?")',
      task: 'I have three parcels to send today. Can you collect them, and is there a fee?',
      artifact: 'Yes, we collect parcels the same day if you book before 2pm. There is an $8 fee per pickup. The fee is waived for 5 or more parcels.',
      kept: ['Yes, we collect parcels the same day if you book before 2pm. There is an $8 fee per pickup.'],
    },
    {
      name: 'not the sentence with most of the question\'s words among those giving a figure ("how long")',
      task: 'How long does the car hire last?',
      artifact: 'The hire starts when you collect the car. The car hire lasts 24 hours from collection. Late returns cost £15 an hour.',
      kept: ['The hire starts when you collect the car. The car hire lasts 24 hours from collection.'],
    },
    {
      // A wh-ask is answered by a figure or a name; words a sentence shares with it by chance answer none (the review's finding).
      name: 'the sentence sharing most words with a wh-ask of two',
      task: 'Which room is the largest, and can I book it online?',
      artifact: 'The Oak Room seats 40 and is our biggest. You can book it online. The largest room at our Leeds venue seats 80.',
      kept: ['The Oak Room seats 40 and is our biggest. You can book it online.'],
    },
    {
      // The same answer where the question also asks "can I return it late?": the late-returns sentence alone takes it up (SPEAKS_MOST_OF_ASK).
      name: 'not the sentence sharing most words, two at least, with a yes/no ask of two',
      task: 'How long does the car hire last, and can I return it late?',
      artifact: 'The hire starts when you collect the car. The car hire lasts 24 hours from collection. Late returns cost £15 an hour.',
      kept: [],
    },
    // unseen66's readers, of the premium sentence left out: "ignores the premium half of the question" (SPEAKS_MOST_OF_ASK).
    {
      name: 'not the sentence sharing most words, two at least, with one of two asks',
      task: 'How many claims can I make in a year, and will claiming push my premium up?',
      artifact:
        "On Essential you can make up to 2 claims in any 12-month period. Once you reach that limit, your cover ends and we stop taking premiums. Your premium may be reviewed at each yearly renewal based on your claims history, with 30 days' notice.",
      kept: ["On Essential you can make up to 2 claims in any 12-month period. Your premium may be reviewed at each yearly renewal based on your claims history, with 30 days' notice."],
    },
    // unseen45's readers: "'outside those dates' refers to dates never stated"; "'Not as a full refund' implies some other option … none is given".
    {
      name: 'not the sentence whose dates a later one points at ("outside those dates")',
      task: 'Can we book two nights in mid-July?',
      artifact: 'Sorry, no. Between 1 June and 31 August the minimum stay is 3 nights. Two-night stays are possible outside those dates, except over bank holidays.',
      kept: ['Sorry, no. Between 1 June and 31 August the minimum stay is 3 nights.'],
    },
    {
      name: 'not the sentence that gives what is offered instead after "Not as a full refund"',
      task: 'Our tour is tomorrow and we cannot make it. Can we get our money back?',
      artifact: "Not as a full refund, I'm afraid: that's only available up to 48 hours before the start. Cancellations within 48 hours are refunded as credit instead, valid for 12 months.",
      kept: [],
    },
    // unseen46's readers: "the question asks two things (waiting and using the car in photos) but the answer only covers waiting";
    // "the question asks whether there is a charge, and the answer never says".
    {
      name: 'not the only sentence on a thing the question names in a word of the same stem ("photos", "photographs")',
      task: 'Will the car wait for us during the ceremony, and can we use it in our photos?',
      artifact: 'Yes, the car will wait at the venue for up to 90 minutes. You can use the car for photographs at the venue, provided the chauffeur stays with it.',
      kept: [],
    },
    {
      name: 'not the only sentence that says a thing is free, for a question about a charge',
      task: 'Can we come and see the cars before we book? Is there a charge for that?',
      artifact: 'Yes, you can view the cars at the garage by appointment, Monday to Saturday. Viewings are free and normally last about 30 minutes. Call Sarah Whitfield to arrange one.',
      kept: ['Yes, you can view the cars at the garage by appointment, Monday to Saturday. Viewings are free and normally last about 30 minutes.'],
    },
    // unseen48's readers: "it leaves out the second half of the question (whether she has to buy a kit)"; "never covers the illness case the question asks about".
    {
      name: 'not the only sentence that says whether the thing asked is done ("buy", "bought")',
      task: 'What should my son bring, and does he have to buy a kit?',
      artifact: 'He should bring boots, shin pads and a packed lunch. He is given a training shirt on his first day, and extra shirts can be bought for £12.',
      kept: [],
    },
    {
      name: 'not the only sentence that says whether the asker is charged',
      task: 'I have to cancel tomorrow because I have flu. Will I be charged?',
      artifact:
        "Cancelling with less than 48 hours' notice normally costs £30. The fee is waived once a year for illness, so you won't be charged this time. The surgery takes cancellations by phone from 8am.",
      kept: ["Cancelling with less than 48 hours' notice normally costs £30. The fee is waived once a year for illness, so you won't be charged this time."],
    },
    {
      name: 'a sentence on a thing the asker says they did, not a thing they ask about ("I bought … Can I return it?")',
      task: 'I bought a heater last week but never used it. Can I return it?',
      artifact: 'Yes, unused items can be returned within 30 days with the receipt. Items bought in the January sale can be exchanged but not refunded.',
      kept: ['Yes, unused items can be returned within 30 days with the receipt.'],
    },
    {
      name: 'a sentence that repeats what another says is done ("buy", "bought")',
      task: 'Can I buy tickets at the door?',
      artifact: 'Yes, you can buy tickets at the door from 6pm. Tickets can also be bought online, for £2 less, until noon on the day.',
      kept: ['Yes, you can buy tickets at the door from 6pm.'],
    },
    // A review: the last-ask rule keeps a sentence that gives a case ("if", "unless"), for an ask a yes, a no or a case answers.
    {
      name: 'the last sentence where it gives no case ("if", "unless") for the last ask',
      task: 'How much is the tasting, and is there any way to get it free?',
      artifact: 'The tasting costs £18 per person. Buying 6 bottles on the day waives the £18 fee.',
      kept: ['The tasting costs £18 per person.'],
    },
    {
      name: 'the last sentence with a case where the last ask wants a time, not a yes, a no or a case',
      task: 'How much is the tasting, and when does it run?',
      artifact: 'The tasting costs £18 per person and runs daily at 11am. If you buy six bottles, the fee is waived.',
      kept: ['The tasting costs £18 per person and runs daily at 11am.'],
    },
    {
      name: 'not the sentence that gives the total the question asks for ("What will I pay in total, including VAT?")',
      task: 'What will I pay in total, including VAT?',
      artifact: 'The hall is £400 for the day. Cleaning is £50, so £450 before VAT. Including VAT, the total comes to £540.',
      kept: ['The hall is £400 for the day. Including VAT, the total comes to £540.'],
    },
    // unseen60's readers: a clause opening with "that" as its subject points at the sentence before it.
    {
      name: 'not the sentence before one whose clause opens with "that" as its subject ("Including VAT, that comes to £540")',
      task: 'What will I pay in total, including VAT?',
      artifact: 'The hall is £400 for the day. Cleaning is £50, so £450 before VAT. Including VAT, that comes to £540.',
      kept: [],
    },
    {
      name: 'not the later of two sentences as close to a question asking for a total (the total comes after its parts)',
      task: 'What will I pay in total, including VAT?',
      artifact: 'The hall is £400 for the day. With cleaning the hire is £450 before VAT. VAT at 20% makes it £540.',
      kept: [],
    },
    {
      // A second review: "n't" was never read as an exception ("isn't" has no word boundary before "n't").
      name: 'not the part that is not covered after "Partly.", written with "isn\'t"',
      task: 'Will my travel insurance pay for the cancelled trip?',
      artifact: "Partly. The flights are covered up to £800. The £300 hotel deposit isn't covered. Claims take 10 days.",
      kept: ["Partly. The £300 hotel deposit isn't covered. Claims take 10 days.", "Partly. The flights are covered up to £800. The £300 hotel deposit isn't covered."],
    },
    {
      name: 'not the part that is not covered after "Partly."',
      task: 'Will my travel insurance pay for the cancelled trip?',
      artifact: 'Partly. The flights are covered up to £800. The £300 hotel deposit is not covered. Claims take 10 days.',
      kept: ['Partly. The £300 hotel deposit is not covered. Claims take 10 days.', 'Partly. The flights are covered up to £800. The £300 hotel deposit is not covered.'],
    },
    {
      name: 'not an option a later sentence compares with ("goes up to", "either way")',
      task: 'How much would I save on an annual contract?',
      artifact: 'A desk is $390 a month. Paid monthly, an annual agreement takes 15% off. Paid upfront, the discount goes up to 20%. Either way the $50 setup fee is waived.',
      kept: ['A desk is $390 a month. Paid monthly, an annual agreement takes 15% off. Paid upfront, the discount goes up to 20%.'],
    },
    {
      name: 'a whole sentence with "i.e." inside, never the half after it',
      artifact: 'Staff accrue 28 days of leave. Unused days are paid at the daily rate, i.e. £120 a day, by the Finance Team. Claims take 14 days.',
      kept: ['Staff accrue 28 days of leave. Claims take 14 days.', 'Staff accrue 28 days of leave. Unused days are paid at the daily rate, i.e. £120 a day, by the Finance Team.'],
    },
    // A clause that closes a sentence goes as a sentence would, and the sentence left ends where the clause began.
    {
      name: 'a clause after a semicolon',
      artifact: 'Your data stays available for 45 days. Exports of up to 1 TB are free; anything larger is billed at $0.02 per GB.',
      kept: ['Your data stays available for 45 days.', 'Your data stays available for 45 days. Exports of up to 1 TB are free.'],
    },
    {
      name: 'a clause after ", and" in the opening sentence, whose first clause stays',
      artifact: 'You need to book at least 72 hours before departure, and the fee is €70 per flight.',
      kept: ['You need to book at least 72 hours before departure.'],
    },
    {
      name: 'a condition after ", but"',
      artifact: 'Pets are allowed in the cottage. Each item can be renewed three times, but only if no other member has reserved it.',
      kept: ['Pets are allowed in the cottage.', 'Pets are allowed in the cottage. Each item can be renewed three times.'],
    },
    {
      name: 'a second predicate after "and" with an auxiliary ("and cannot be recovered")',
      artifact: 'Your data is kept for 45 days. After that it is deleted within a further 14 days and cannot be recovered.',
      kept: ['Your data is kept for 45 days.', 'Your data is kept for 45 days. After that it is deleted within a further 14 days.'],
    },
    {
      name: 'a relative clause after ", which" that closes the sentence',
      artifact: 'The landlord has 28 days to respond. You need his written permission first, which you ask for with form KL-7.',
      kept: ['The landlord has 28 days to respond.', 'The landlord has 28 days to respond. You need his written permission first.'],
    },
    {
      name: 'a contrast after ", while", not the list item before it',
      artifact: 'Deductions can be made for unpaid rent, damage beyond fair wear and tear, and the cost of new keys, while cleaning is charged only if the flat is dirty.',
      kept: ['Deductions can be made for unpaid rent, damage beyond fair wear and tear, and the cost of new keys.'],
    },
    {
      name: 'a clause up to the sentence\'s stop, where the model reads the last word with it ("6pm.")',
      artifact: 'Book the kiln by Monday. The firing is £14 a shelf, and you can pick it up from Wednesday between 10am and 6pm.',
      kept: ['Book the kiln by Monday.', 'Book the kiln by Monday. The firing is £14 a shelf.'],
    },
    { name: 'a contrast after ", whereas"', artifact: 'Standard parcels take 3 working days, whereas express parcels arrive within 1 day.', kept: ['Standard parcels take 3 working days.'] },
    { name: 'a concession after ", although"', artifact: 'A temporary card is £3, although it limits you to two items on loan.', kept: ['A temporary card is £3.'] },
    { name: 'a second predicate after "and" with a verb in the third person', artifact: 'The day pass costs £12 and stays valid for 3 months.', kept: ['The day pass costs £12.'] },
    {
      name: 'a rule with a comparison inside its condition, which is no check of the case',
      task: 'Will my course be cancelled for rain, and what happens if it is?',
      artifact: 'Courses go ahead in light rain, and the instructor cancels only if the wind is over 20 knots. If we cancel, you can choose a full refund or a free transfer.',
      kept: ['Courses go ahead in light rain. If we cancel, you can choose a full refund or a free transfer.'],
    },
    {
      name: 'a clause after ", and" that follows a phrase set off by commas, not a list',
      artifact: 'Maintenance is announced 5 days in advance, both by email and on the Status Page, and the work takes place on Sundays.',
      kept: ['Maintenance is announced 5 days in advance, both by email and on the Status Page.'],
    },
    {
      name: 'a second predicate after a subject with a phrase set off by commas, not a series',
      artifact: 'Your account closes on 31 July. All of your data, backups included, is deleted within 14 days and cannot be recovered.',
      kept: ['Your account closes on 31 July.', 'Your account closes on 31 July. All of your data, backups included, is deleted within 14 days.'],
    },
    // unseen81's readers: "the question asks what she won't be allowed to do, but no restriction … is given".
    {
      name: 'the only sentence that bars anything, for a question that asks what is not allowed',
      task: "Can my 16-year-old join, and is there anything she won't be allowed to do?",
      artifact: 'Yes, members aged 16 and 17 are welcome with written consent from a parent. She may not use the table saw. Inductions are held on the first Saturday of every month.',
      kept: ['Yes, members aged 16 and 17 are welcome with written consent from a parent. She may not use the table saw.'],
    },
    // unseen81's readers: "will I be charged anything extra?" asks a price, and the sentence that gives it stays.
    {
      name: 'not the sentence that gives the charge, for a question that asks "will I be charged?"',
      task: 'I need to cancel my driving lesson on Thursday. Will I be charged for it?',
      artifact:
        "You won't be charged as long as you cancel at least 48 hours before the lesson. With less notice than that, the lesson is charged in full, which is £38 for a standard one-hour lesson. The fee is waived if you send us a doctor's note within 7 days.",
      kept: ["You won't be charged as long as you cancel at least 48 hours before the lesson. With less notice than that, the lesson is charged in full, which is £38 for a standard one-hour lesson."],
    },
    {
      name: 'a sentence whose only figure is a count in words ("two items")',
      artifact: 'Temporary membership is £3. It limits you to two items on loan.',
      kept: ['Temporary membership is £3.'],
    },
    ...[
      ['a question that asks one thing', 'I want to board my dog for 5 nights in June. What will it cost?'],
      ['a question whose other ask is not for a figure', 'I want to board my dog for 5 nights in June. What will it cost, and can I visit him?'],
    ].map(([asks, task]) => ({
      name: `the figure of a further step, for ${asks}`,
      task: task!,
      artifact: DEPOSIT,
      evidence: DEPOSIT_RULES,
      kept: ['Boarding is £38 per night, so £190 for the five nights.'],
    })),
    ...[
      ['"it"', 'The bike fee is £55.', 'It must weigh under 30 kg.'],
      ['"however"', 'Refunds take 14 days.', 'However, the £5 fee is kept.'],
      ['"also"', 'Bags cost €35.', 'There is also a €50 overweight fee.'],
      ['"in that case"', 'The landlord may agree to an early surrender.', 'In that case you pay up to £300.'],
      ['"though"', 'Fines stop at £6.', 'Watch your balance of £10, though.'],
    ].map(([word, antecedent, next]) => ({
      name: `not a sentence the next one refers back to with ${word}`,
      artifact: `Leave is 28 days. ${antecedent} ${next}`,
      kept: [`Leave is 28 days. ${antecedent}`],
    })),
  ],
  [
    { name: 'the only sentence', artifact: 'The fee is £50.' },
    { name: 'the opening, which answers the question', artifact: 'The fee is £50. Everyone is welcome here.', reason: /states no figure/ },
    { name: 'the substance of a bare "Yes."', artifact: 'Yes. Refunds take 14 days.' },
    { name: 'the items of an announced list', artifact: 'You have three options:\n\nRefunds take 14 days.\n\nVouchers last 12 months.' },
    { name: 'a step of a sequence', artifact: 'Leave is 28 days. First, ask your manager. Second, file Form L1 by 1 May. Finally, wait 14 days.' },
    { name: 'sentences that state no figure, name or condition', artifact: 'Everyone is welcome here. All staff should feel valued.', reason: /states no figure/ },
    { name: 'a friendly closer', artifact: 'The fee is £50. Read the guide with care.', reason: /states no figure/ },
    { name: 'a noun the model tags as a verb after "and" ("wear and tear")', artifact: 'You pay for damage beyond fair wear and tear.' },
    { name: "the last item of a list, in a verb's -ing form", artifact: 'Your options are a full refund, a rebooking, and moving to a later date within 30 days.' },
    // The review of the clause omissions: cuts that leave a series, a bracket, a quotation or announced items broken.
    { name: 'the last predicate of a series ("costs £45, covers up to 14 days and …")', artifact: 'A Leicester permit costs £45, covers up to 14 days and must be shown in the window.' },
    { name: "the last item of a list of charges, whose verb is its relative clause's", artifact: 'We deduct any unpaid fees, cleaning beyond normal wear, and any key that is not handed back.' },
    { name: 'a clause inside a bracket', artifact: 'Call the office (it opens at 9am, and it closes at 5pm) to book a visit.' },
    { name: 'a clause inside a quotation', artifact: 'Write "I cancel my plan, and I want a refund of £20" on the form.' },
    { name: 'a clause with a comma of its own after an opening subordinate clause', artifact: 'If the parcel is lost, damaged in transit, and it was insured, we refund it in full.' },
    { name: 'the "but" of "not only … but"', artifact: 'Not only is the course free, but it also includes lunch worth £8.' },
    { name: 'a relative clause with a comma of its own the sentence goes on from', artifact: 'Please call the office, which is open 9am to 5pm, to book a place.' },
    { name: 'a clause that only checks the case against a bound', artifact: 'Your order comes to £80, which is above the £60 minimum charge.' },
    {
      name: 'a clause that only restates figures the rest of the answer states',
      artifact: 'The service is £140 and the e-bike surcharge is £15. Your total is £155, which is the £140 service plus the £15 surcharge.',
      reason: /operand of arithmetic/,
    },
    {
      name: 'a clause that works out a count in words the evidence does not state ("five hours")',
      task: 'How many hours do my credits buy?',
      evidence: 'Small rooms cost 1 credit an hour and large rooms 2 credits an hour.',
      artifact: 'You have 10 credits. Small rooms cost one credit an hour, while large rooms take two credits an hour, so that is five hours in a large room.',
    },
    { name: 'a second predicate of a clause the sentence opens on', artifact: 'Once she turns 14 and has done the induction, she can use the gym alone.' },
    // unseen111's readers, of "…, because if we arrive." left: "the last sentence is cut off mid-clause".
    ...[
      ['because', "It is cheaper to cancel than to miss us, because if we arrive and can't get into the property, there's a £35 call-out fee."],
      // The review: after "so" or a colon too.
      ['so', "It is cheaper to cancel than to miss us, so if we arrive and can't get into the property, there's a £35 call-out fee."],
      ['a colon', "It is cheaper to cancel than to miss us: if we arrive and can't get into the property, there's a £35 call-out fee."],
    ].map(([after, artifact]) => ({ name: `a second predicate of a subordinate clause opened after ${after}, before its main clause`, artifact: artifact! })),
    { name: 'the items a colon announces', artifact: 'You have two options: take a refund within 7 days, and rebook within 30 days.' },
    {
      name: 'a clause that works out a figure the evidence does not state ("which is £4 in total")',
      artifact: 'Your three tickets cost £3, and the admin fee adds £1, which is £4 in total.',
      evidence: 'Tickets are £1 each. An admin fee of £1 per booking is added.',
    },
    // unseen43's readers: "the question asks whether the tasting can be had free, but the answer never addresses that part".
    {
      name: "the last sentence, which alone answers the question's last ask in other words",
      task: 'How much is the Classic Tasting, and is there any way to get it free?',
      artifact: 'The Classic Tasting costs £18 per person and lasts 45 minutes. You won’t pay the fee if you buy six or more bottles on the day.',
      reason: /question's last ask/,
    },
    {
      name: 'the last sentence, which alone answers a last ask with no word of its own ("what happens if it is?")',
      task: 'Will my course be cancelled for rain, and what happens if it is?',
      artifact: 'Courses go ahead in light rain, as the instructor cancels only for a wind over 20 knots. If we cancel, you can choose a full refund or a free transfer.',
      reason: /question's last ask/,
    },
    // unseen52's readers: "the answer only gives the due-back time … and never gives the consequence (e.g. a late fee)".
    {
      name: 'the only sentence with a word of the case the question asks the outcome of ("late")',
      task: 'What happens if we bring the campervan back late?',
      artifact: 'The van is due back at the depot by 10:00 on the final day. If you are late, we charge £40 for every hour.',
      reason: /only one with a word of the case the question asks about .*\("late"\)$/,
    },
    {
      name: 'the only sentence with a word of the case the question asks the outcome of, with no "if" of its own',
      task: 'What happens if we bring the campervan back late?',
      artifact: 'The van is due at the depot by 10:00 on the final day. Late returns cost £40 for every hour.',
      reason: /only one with a word of the case the question asks about .*\("late"\)$/,
    },
    // unseen107's readers: "it never says what happens if the ride is called off (refund or rebooking)".
    {
      name: 'the only sentence that speaks of the case the question asks the outcome of, in other words ("called off", "cancel"), beside one that says when it happens',
      task: "Strong winds are forecast for my ride tomorrow. What happens if it's called off?",
      artifact: 'Rides are cancelled when the wind speed exceeds 25 knots. If we cancel, you can rebook free of charge or take a full refund.',
      reason: /only one that speaks of the case the question asks the outcome of/,
    },
    // The last review's left item: a phrasal verb split by its object ("call it off").
    {
      name: 'the only sentence that speaks of the case the question asks the outcome of, by a phrasal verb split by its object ("call it off")',
      task: "Strong winds are forecast for my ride tomorrow. What happens if it's cancelled?",
      artifact: 'Rides are cancelled when the wind speed exceeds 25 knots. If we call it off, you can rebook free of charge or take a full refund.',
      reason: /only one that speaks of the case the question asks the outcome of/,
    },
    // A review: the sentence that says when the case happens, with its condition first; a plural that opens a sentence.
    ...[
      'If the wind speed exceeds 25 knots, rides are cancelled. If we cancel, you can rebook free of charge or take a full refund.',
      'Rides last 20 minutes and are cancelled when the wind speed exceeds 25 knots. If we cancel, you can rebook free of charge or take a full refund.',
    ].map((artifact) => ({
      name: `the only sentence that speaks of the case the question asks the outcome of (${artifact.slice(0, 24)}…)`,
      task: 'What happens if my ride is called off?',
      artifact,
      reason: /only one that speaks of the case the question asks the outcome of/,
    })),
    // unseen96's readers: "it never says whether the 8pm Friday slot is allowed".
    {
      name: 'the only sentence restating a time of the question\'s yes-or-no case ("at 8pm")',
      task: 'Can I bring my 14-year-old to throw on a Friday evening at 8pm?',
      artifact: 'She is old enough, since throwers must be at least 12. Under-18s can only book sessions that start before 19:00, so an 8pm slot is not possible.',
      reason: /only one to restate a time, date or figure the question gives .*\("8pm"\)$/,
    },
    { name: 'sentences no evidence supports', artifact: 'Leave is 28 days. Claims go to the Finance Team.', evidence: 'Trains run hourly from the station.', reason: /no evidence sentence supports/ },
    {
      name: 'a part of a total the rest still states',
      artifact: 'Your total for the year would be £7,341. Part-time fees are £7,151. The two resits are £95 each, £190 in all.',
      reason: /operand of arithmetic the rest/,
    },
    // unseen26's readers, of a stage-payment schedule without its middle stages: "the remaining 85% payment is missing".
    {
      name: 'a share of a whole the answer gives in full (10% + 40% + 45% + 5%)',
      artifact: 'You pay a 10% deposit when you order. A further 40% is due at design freeze, and 45% is due 14 days before delivery. The final 5% is paid once the frame is up.',
      reason: /operand of arithmetic the rest/,
    },
    {
      name: 'the amount a saving the rest states is the difference from',
      artifact: 'Paying upfront costs £9,344.30. The monthly plan is £799.58 a month for 12 months, for a total of £9,595. Paying upfront saves £250.70.',
      reason: /operand of arithmetic the rest/,
    },
    {
      name: 'the figure one of two things the question asks for ("What will it cost, and how much do I pay up front?")',
      task: 'I want to board my dog for 5 nights in June. What will it cost, and how much do I pay up front?',
      artifact: DEPOSIT,
      evidence: DEPOSIT_RULES,
      reason: /one of the things the question asks for/,
    },
    {
      name: 'the only sentence that uses a verb of the question\'s asks ("how is it stored?", "should be stored")',
      task: 'How often can the cream be used, and how is it stored?',
      artifact: 'Apply the cream twice a day for up to 7 days. The tube should be stored below 25°C and thrown away 3 months after opening.',
      reason: /a verb of the question's asks: without it, that ask goes unanswered \("store"\)/,
    },
    // unseen123's readers, of the answers without these sentences: "never says how to make the change"; "never says what the package includes".
    {
      name: 'the only sentence that writes a verb of the question\'s asks as its noun ("how do I change it?", "ask for the change")',
      task: 'If I switch to every 8 weeks, what will each visit cost and how do I change it?',
      artifact: 'Going 8-weekly adds a £3 surcharge to each visit, so every clean would cost £17. You need to ask for the change at least 7 days before your next due visit.',
      reason: /a verb of the question's asks: without it, that ask goes unanswered \("change"\)/,
    },
    {
      name: 'the only sentence that says what the asker gets, for "what do I get?"',
      task: 'If I order the Gallery package, what will I pay and what do I get?',
      artifact: 'The Gallery package costs £150. For that you get one 16x20 canvas and four 8x10 prints.',
      reason: /a verb of the question's asks: without it, that ask goes unanswered \("get"\)/,
    },
    // unseen136's readers, of each left out: "the question asks what's included, but the answer only gives length and price".
    {
      name: 'the only sentence that says what a thing gives, for "what\'s included?"',
      task: "What's included in the evening wreath workshop, and how long does it last?",
      artifact: 'The evening session lasts 3 hours and costs £58 a person. For that you get a moss ring, fresh foliage and ribbons.',
      reason: /a verb of the question's asks: without it, that ask goes unanswered \("get"\)/,
    },
    {
      name: 'the only clause that says what a package gives, for "what does it include?"',
      task: 'Is it too late for the first dance package, and what does the package include?',
      artifact: 'The package is £220 and gives you four private lessons of 45 minutes each.',
      reason: /a verb of the question's asks: without it, that ask goes unanswered \("give"\)/,
    },
    // unseen74's readers, of the answer without "We only phone you for approval if …": "never answers whether they call before extra work".
    {
      name: 'the only sentence that uses a verb sharing a sense with a verb of the question\'s asks ("will you call me?", "we only phone you")',
      task: 'Will you call me before doing extra work on my bike?',
      artifact: "You'll always get a written estimate before we start. We only phone you for approval if the job costs more than £30 above that estimate.",
      reason: /a verb of the question's asks: without it, that ask goes unanswered \("phone"\)/,
    },
    {
      name: 'the deposit for an ask of what is paid "up front", in none of its words',
      task: 'I want to board my dog for 5 nights in June. What will it cost, and how much is due up front?',
      artifact: 'Boarding is £38 per night, so £190 for the five nights. A deposit of 25% of that, £47.50, is taken when you book.',
      reason: /one of the things the question asks for/,
    },
    {
      name: 'the only figure for an option the question sets against another ("two concession tickets or the Family Duo ticket?")',
      task: "I'm 67 and I'd like to take my 15-year-old granddaughter. Is it cheaper for us to buy two concession tickets or the Family Duo ticket?",
      artifact:
        'The Family Duo ticket is the cheaper option for you both. Two concession tickets on a Wednesday would be £11 each, so £22 for the two of you. The Family Duo covers one adult and one child under 16 for £20 at any performance, which is £2 less.',
      evidence: 'Concession tickets are £11 on Wednesdays. The Family Duo covers one adult and one child under 16 for £20 at any performance.',
      reason: new RegExp(`^${escaped(ONLY_FIGURE_OF_OPTION)} \\("the Family Duo ticket"\\)$`),
    },
    {
      name: 'the only figure for a name the rest compares ("The Family Duo is the cheaper option"), where the question names no options',
      task: 'Which ticket is cheaper for a grandparent and a grandchild?',
      artifact: 'The Family Duo is the cheaper option for you both. The Family Duo covers one adult and one child for £20.',
      reason: new RegExp(`^${escaped(COMPARISON_RESTS_ON)} \\("Family Duo"\\)$`),
    },
    {
      name: 'the only figure for the subject a sentence compares ("The annual plan is the better deal")',
      task: 'Which is better value for me?',
      artifact: 'The annual plan is the better deal. The annual plan costs £100 a year.',
      reason: new RegExp(`^${escaped(COMPARISON_RESTS_ON)} \\("The annual plan"\\)$`),
    },
    // unseen13's readers: "who should I speak to?" left without the only name the answer gave.
    {
      name: 'the only sentence naming someone, for a "who" part of the question',
      task: 'One of the buttons is missing. Can you fix it, and who should I speak to?',
      artifact: 'Yes, we can sort that out within 7 days of collection. Just bring the coat back and ask for Priya Shah, our shop manager.',
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("who should I speak to\\?": who\\)$`),
    },
    // unseen128's readers: "the question asks by when, but the answer never gives the due date" (an ask opening on "by").
    {
      name: 'the only sentence that dates the deadline, for a "by when" part of the question',
      task: "I've paid the deposit for the evening course. How much is left to pay, and by when?",
      artifact: 'The evening course is £240, so once your £60 deposit is taken off you owe £180. That balance is due by 31 March 2026.',
      evidence: 'The evening course costs £240, with a £60 deposit. The balance is due by 31 March 2026.',
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("by when\\?": when\\)$`),
    },
    // unseen137's readers: "the question asks when the items can be picked up and the answer never says".
    {
      name: 'the only sentence that gives a period from an event, for a "when" part of the question',
      task: 'How much will it cost to have my duvet and two pillows cleaned, and when can I pick them up?',
      artifact: 'A king-size duvet is £24 and the two pillows at £6 each add £12, so £36 altogether. Everything will be ready 48 hours after you drop it off.',
      evidence: 'King-size duvets cost £24 and pillows £6 each. Service washes are ready 48 hours after drop-off.',
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("when can I pick them up\\?": when\\)$`),
    },
    // unseen87's readers, and the review: a "by when" is answered by a time or date only, not by a period before an event.
    {
      name: 'the only sentence that gives the latest time, beside a period before the event, for a "what\'s the latest" ask',
      task: "How far ahead can I book a trip, and what's the latest I can book?",
      artifact: 'You can book a journey up to 14 days before you travel. The final cut-off is 3pm on the working day beforehand.',
      evidence: 'Journeys can be booked up to 14 days before travel. The final cut-off is 3pm on the working day beforehand.',
      reason: /the only one to answer a who, when, where/,
    },
    // unseen26's readers: "the second half of the question (what the buyer must sort out themselves) is barely answered".
    {
      name: 'the only sentence that tells the asker their part, for a "what will I need to sort out myself" part of the question',
      task: "What's included in the price of the Glen 95, and what will I need to sort out myself?",
      artifact: "The Glen 95 kit includes the timber frame, roof cassettes and triple-glazed windows. Foundations and plumbing are not included, so you'll need to arrange those yourself.",
      evidence: 'The Glen 95 kit includes the timber frame, roof cassettes and triple-glazed windows. Foundations and plumbing are not included.',
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("what will I need to sort out myself\\?": what to do\\)$`),
    },
    // unseen61's readers: "the question asks what proof is needed, but the answer never says what to show".
    {
      name: 'the only sentence that says what the asker will need, for a "what do I need to show" part of the question',
      task: 'How much would an annual car pass cost me, and what do I need to show to get it?',
      artifact: "Residents get 30% off, so the £1,150 annual car pass comes down to £805. To get the discount, you'll need proof of address, such as a council tax bill.",
      evidence: 'Annual car pass: £1,150. Island residents receive 30% off annual passes. Proof of address, such as a council tax bill, is required.',
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("what do I need to show to get it\\?": what to do\\)$`),
    },
    {
      name: 'the only sentence with a date or time, for a "when" part of the question',
      task: 'Can my son start lessons, and when does the group class meet?',
      artifact: 'He can join Little Notes, our group class for young children. It runs on Saturdays at 9:30am.',
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("when does the group class meet\\?": when\\)$`),
    },
    {
      name: 'the only sentence naming a place, for a "where" part of the question',
      task: 'Can I return the sofa early, and where do I take it?',
      artifact: 'Yes, you can return it early with notice. Bring it to our Kingsway Depot during opening hours.',
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("where do I take it\\?": where\\)$`),
    },
    // unseen66's readers, of the parking sentence left out: "the question asks about parking, but the answer never mentions it".
    {
      name: 'of sentences naming places, the only one with a word of a "where" part of the question',
      task: 'How much are tickets for your spring exhibition, and where can we park?',
      artifact: "The Spring Exhibition is at Ashby Town Hall. Adult tickets are £6.50. There's free parking at the Market Street car park.",
      reason: new RegExp(`^${escaped(ONLY_ANSWER_TO_WH)} \\("where can we park\\?": where\\)$`),
    },
    { name: 'a claim restated', artifact: 'Leave is 28 days a year. Each year, leave is 28 days.', reason: /restates/ },
    { name: 'a team restated', artifact: 'Claims are paid within 14 days by the Finance Team. The Finance Team pays claims within 14 days.', reason: /restates/ },
    { name: 'a rate restated', artifact: 'Interest is charged at 4%. Interest is charged at 4% yearly.', reason: /restates/ },
  ],
);

// unseen126's readers, of that sentence left out: "the question has three children, but ... the third child is never priced".
describe('claim-omission, the working that brings a price to its total', () => {
  const artifact =
    'Your best option is a family ticket, which covers two adults and two children for £38. Adding the third child at £8 on top of the £38 family ticket brings the total for all five of you to £46.';
  const evidence = 'A family ticket for two adults and two children costs £38. Children aged 8 to 15 pay £8.';
  const withoutTotal = 'Your best option is a family ticket, which covers two adults and two children for £38.';
  it('never leaves out the sentence that brings the working to the total, however many words stand before "to"', () => {
    const task = 'How much would it cost for two adults and three children aged 9, 11 and 14 to go on the Lantern Walk?';
    expect(keptMutants(claimOmission, artifact, evidence, task)).not.toContain(withoutTotal);
  });
  it('leaves it out where the question asks no price', () => {
    const task = 'Can two adults and three children aged 9, 11 and 14 go on the Lantern Walk together?';
    expect(keptMutants(claimOmission, artifact, evidence, task)).toContain(withoutTotal);
  });
});

// unseen131's readers, of the sentence pricing the handling left out: "a '£60 handling' charge appears out of nowhere".
describe('claim-omission, an amount a later "the" points back at', () => {
  const evidence = 'Logos are stitched at £7 per apron. Handling customer-supplied items costs £2 per item.';
  const handling = 'Handling your own aprons costs £2 each, or £60. ';
  it('never leaves out the only sentence that gives the amount', () => {
    const artifact = `30 aprons come to £210. ${handling}With the £60 handling the total is £270.`;
    expect(keptMutants(claimOmission, artifact, evidence, 'What is the total for 30 aprons?')).not.toContain('30 aprons come to £210. With the £60 handling the total is £270.');
  });
  it('leaves it out where the later sentence gives the amount without pointing back', () => {
    const artifact = `30 aprons come to £210. ${handling}With handling at £60 the total is £270.`;
    expect(keptMutants(claimOmission, artifact, evidence, 'What is the total for 30 aprons?')).toContain('30 aprons come to £210. With handling at £60 the total is £270.');
  });
});

// unseen134's readers, of the last predicate of a series left out: "'…4pm, lasts around 2.5 hours.' is grammatically broken".
describe('claim-omission, a series of predicates closed by ", and"', () => {
  const evidence = 'A second trial costs £90. Trials take place at the studio on weekdays, last 2.5 hours and must be at least 4 weeks before the wedding.';
  it('never leaves out its last predicate', () => {
    const artifact = 'A second trial costs £90. It takes place at the studio on a weekday, lasts around 2.5 hours, and has to be at least 4 weeks before your wedding.';
    expect(keptMutants(claimOmission, artifact, evidence, 'Can I book a second trial?')).not.toContain('A second trial costs £90. It takes place at the studio on a weekday, lasts around 2.5 hours.');
  });
  // The review: a series in the plural, and one in the past.
  it.each([
    ['Trials take place at the studio on weekdays, run for 2.5 hours, and must be at least 4 weeks before the wedding.', 'Trials take place at the studio on weekdays, run for 2.5 hours.'],
    ['Trials took place at the studio on weekdays, lasted 2.5 hours, and had to be at least 4 weeks before the wedding.', 'Trials took place at the studio on weekdays, lasted 2.5 hours.'],
  ])('never leaves out the last predicate of "%s"', (series, cut) => {
    expect(keptMutants(claimOmission, `A second trial costs £90. ${series}`, evidence, 'Can I book a second trial?')).not.toContain(`A second trial costs £90. ${cut}`);
  });
  it('leaves out a clause after a participle phrase, its subject its own', () => {
    const artifact =
      "You won't pay for travel. For farms farther away, the charge is £1 for each mile beyond the first 25, counted one way only, and flocks of more than 1,000 head never pay for travel.";
    expect(keptMutants(claimOmission, artifact, artifact, 'Does it charge for travel?')).toContain(
      "You won't pay for travel. For farms farther away, the charge is £1 for each mile beyond the first 25, counted one way only.",
    );
  });
  it('leaves out a clause with its own subject after ", and"', () => {
    const artifact = 'A second trial costs £90. It takes place at the studio on a weekday, lasts around 2.5 hours, and it has to be at least 4 weeks before your wedding.';
    expect(keptMutants(claimOmission, artifact, evidence, 'Can I book a second trial?')).toContain('A second trial costs £90. It takes place at the studio on a weekday, lasts around 2.5 hours.');
  });
});

// unseen134's readers, of "The extra hour is charged at £60, bringing your total to £810" left out: "never ... gives a total".
describe('claim-omission, "what will the total be?"', () => {
  const artifact = 'The Garden Party package costs £750 a night and already covers a technician for up to 6 hours. The extra hour is charged at £60, bringing your total to £810.';
  const evidence =
    'The Garden Party package costs £750 per night, uses a 20-foot screen and includes a technician for up to 6 hours. Extra technician time is charged at £60 per hour on either package.';
  it('never leaves out the sentence that brings the working to the total the question asks for', () => {
    const task = "We've booked the Garden Party package and want the technician for 7 hours. What will the total be?";
    expect(keptMutants(claimOmission, artifact, evidence, task)).not.toContain('The Garden Party package costs £750 a night and already covers a technician for up to 6 hours.');
  });
  it('leaves it out where the question asks no price', () => {
    const task = "We've booked the Garden Party package and want the technician for 7 hours. Is that possible?";
    expect(keptMutants(claimOmission, artifact, evidence, task)).toContain('The Garden Party package costs £750 a night and already covers a technician for up to 6 hours.');
  });
});

describe('claim-omission, the reasons it gives', () => {
  it.each([
    [
      'a clause cut from its sentence',
      'You can return it at any branch, and you can return it at any branch too. Late returns cost 20p a day.',
      ', and you can return it at any branch too',
      'the left-out clause states no figure, date, name or condition',
    ],
    [
      'a whole sentence',
      'You can return it at any branch. You can return it at any branch too. Late returns cost 20p a day.',
      'You can return it at any branch too. ',
      'the deleted sentence states no figure, date, name or condition',
    ],
  ])('names what was left out: %s', (_, artifact, span, reason) => {
    const fixture = { ...textFixture({ artifact, evidence: 'Books can be returned at any branch. Late returns cost 20p a day.' }), task: 'How do I return a book?' };
    const c = [...claimOmission.candidates(fixture)].find((x) => artifact.slice(x.start, x.end) === span);
    expect(c).toBeDefined();
    expect(claimOmission.invalidReason!(fixture, c!)).toBe(reason);
  });
});

describe('claim-omission, in the trace', () => {
  it('has the trace leave out what the answer left out', () => {
    const fixture = textFixture({
      artifact: 'Staff accrue 28 days of leave. Expense claims are paid by the Finance Team.',
      evidence: 'Staff accrue 28 days of leave. Expense claims are paid by the Finance Team.',
      trace: 'Checked the handbook: expense claims are paid by the Finance Team. Confirmed.',
    });
    const { mutants } = generateMutants([fixture], [claimOmission], { seed: 1, cap: 10 });
    expect(mutants.map((m) => m.trace)).toEqual(['Confirmed.']);
  });

  it('has the trace leave out a clause the answer left out', () => {
    const fixture = textFixture({
      artifact: 'Staff accrue 28 days of leave. Claims are paid within 14 days, and the Finance Team pays them.',
      evidence: 'Staff accrue 28 days of leave. Claims are paid within 14 days. The Finance Team pays expense claims.',
      trace: 'Leave is 28 days. The Finance Team pays the claims. Confirmed.',
    });
    const { mutants } = generateMutants([fixture], [claimOmission], { seed: 1, cap: 10 });
    expect(mutants.map((m) => [m.artifact, m.trace])).toContainEqual(['Staff accrue 28 days of leave. Claims are paid within 14 days.', 'Leave is 28 days. Confirmed.']);
  });
});

describe('claim-omission, the things a question asks', () => {
  it('reads each question apart from the case before it, cut where "and" opens another question', () => {
    expect(asksOf('Rocco weighs 22 kg and Pip 10 kg. What will it cost, and how much do I pay up front?')).toEqual(['What will it cost', 'how much do I pay up front?']);
    expect(asksOf('Can I bring bread and cheese?')).toEqual(['Can I bring bread and cheese?']);
    expect(asksOf('Please help. When is it due? Can I pay by card?')).toEqual(['When is it due?', 'Can I pay by card?']);
  });
});

// unseen142's readers: "the question asks what happens if you arrive late, but the answer ... never mentions a late-arrival policy".
describe('claim-omission, the outcome of a case no sentence names in words read alike', () => {
  const CONDITION = "If the safety briefing has already started when you arrive, you can't join that session.";
  const reasonFor = (artifact: string) => {
    const fixture = textFixture({ task: 'What happens if we turn up late for our zip line session?', artifact, evidence: artifact });
    const at = artifact.indexOf(CONDITION);
    const candidate = [...claimOmission.candidates(fixture)].find((c) => c.start === at && artifact.slice(c.start, c.end).trim() === CONDITION);
    return candidate && claimOmission.invalidReason!(fixture, candidate);
  };
  it('never leaves out the only sentence with a condition: it gives the outcome asked', () => {
    expect(reasonFor(`You should get there 30 minutes ahead of your session to check in. ${CONDITION} The Full Canopy takes about 2.5 hours.`)).toMatch(/only one that sets a condition/);
    // "once" as an adverb sets no condition (the review).
    expect(reasonFor(`You should get there 30 minutes ahead of your session to check in. ${CONDITION} The Full Canopy takes about 2.5 hours, and each rider may swap sessions once.`)).toMatch(
      /only one that sets a condition/,
    );
  });
  it('leaves one of two sentences with a condition to the other rules', () => {
    expect(reasonFor(`You should get there 30 minutes ahead of your session to check in. ${CONDITION} The Full Canopy still runs when it rains.`)).toBeNull();
  });
});
