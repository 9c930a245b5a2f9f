/**
 * The fewest valid mutants each text mutator keeps on the bundled policy suite (40 where not named). Mutants
 * that read as honest mistakes are fewer than templates make: negation and claim-insertion keep few, and
 * claim-insertion adds no second value for a quantity the answer states nor a sentence off the question (4 on the
 * policy suite after unseen5's readers), and keeps a share set in fives in fives (2 after unseen60's: no reduced VAT
 * rate of 4% or 6%), unit-swap makes no thousandfold swap nor changes a period a stated date is worked out from,
 * and moves a count between calendar and working days only where it is conventional in the new kind (19 on the policy
 * suite after unseen13's readers: no "30 working days" or "14 working days"), and writes working days as calendar days
 * only where the answer counts calendar days itself, elsewhere as days (13 on the policy suite after the readers of
 * unseen23, unseen24 and unseen29: "within 5 calendar days" read as an altered turnaround), and swaps neither of two
 * counts a sentence sets side by side in one unit (11 on the policy suite after unseen74's readers: "within 3 days"
 * beside "can stretch to 5 working days") (docs/mutators.md; docs/performance.md, reading-kit figures).
 */
const FLOORS: Readonly<Record<string, number>> = { negation: 10, 'claim-insertion': 2, 'unit-swap': 11 };

export const textMutantFloor = (mutator: string): number => FLOORS[mutator] ?? 40;
