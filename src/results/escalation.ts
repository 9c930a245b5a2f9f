import { z } from 'zod';
import { fixtureKind } from '../fixtures/kinds/index.js';
import { SEALED_CONDITION, type Condition } from '../requests/conditions/index.js';
import type { ItemRecord, ReviewItem } from '../requests/items.js';
import type { ReviewResult } from '../reviews/types.js';
import { grammarOf, type GrammarContext } from '../reviews/verdicts/index.js';
import { fisherExact } from '../statistics/fisher.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import { flaggedForPairing, type ItemOutcomes } from './itemOutcomes.js';
import { citedSpans, type ReplyReading } from './turnChanges.js';

/**
 * Seed 004's rule after the bounded rebuttal round: "second disagreement
 * escalates. Unresolved after one round, the artifact goes to a human with
 * both verdicts and both spans attached, or the task fails closed."
 */
export const escalationSchema = z
  .strictObject({
    policy: z
      .enum(['escalate', 'fail-closed'], { message: 'policy must be escalate or fail-closed' })
      .describe(
        'What happens to an item whose critic holds its finding against a rebuttal (`rebuttal-unsupported`, `rebuttal-evidence`, a declared follow-up): `escalate` hands it to a human, `fail-closed` rejects it. Either way `escalations.jsonl` records both turns.',
      ),
  })
  .describe('The decision after the bounded rebuttal round, for the rebuttal conditions; see escalations.jsonl.');

export type EscalationSettings = z.infer<typeof escalationSchema>;

/** One turn of an escalated item as a human reads it: the verdict, and the spans it cited. */
export interface EscalatedTurn {
  verdict: 'FAIL';
  spans: string[];
}

/**
 * An item whose critic held its finding against the rebuttal, as seed 004
 * hands it on: both turns' verdicts and the spans each cited, the rebuttal
 * between them, the decision the policy made, and, the truth being known,
 * whether holding the finding was right (the item is a mutant).
 */
export interface EscalationRecord {
  critic: string;
  condition: string;
  item_id: string;
  fixture_id: string;
  role: 'original' | 'mutant';
  mutator: string | null;
  repeat: number;
  policy: EscalationSettings['policy'];
  /** `escalated` to a human, or `rejected` (fail-closed). */
  decision: 'escalated' | 'rejected';
  /** Whether the finding held was right: the item is a mutant. */
  right: boolean;
  first_turn: EscalatedTurn;
  /** The worker's rebuttal as sent, and the spans it cites. */
  rebuttal: { message: string; spans: string[] };
  second_turn: EscalatedTurn;
}

/** Whether a second turn is a rebuttal whose held findings escalate. */
export const escalates = (condition: Condition): boolean => condition.followUp?.round === 'rebuttal';

/** The record of an item that escalates under a rebuttal condition: a FAIL held after the rebuttal was sent; undefined otherwise. */
export function escalationRecord(item: ReviewItem, condition: Condition, first: ReviewResult, second: ReviewResult, reading: ReplyReading, settings: EscalationSettings): EscalationRecord | undefined {
  if (!escalates(condition) || first.verdict !== 'FAIL' || second.verdict !== 'FAIL' || !second.followUp || first.reply === null || second.reply === null) return undefined;
  const context: GrammarContext = { artifact: item.artifact, evidence: item.evidence, claims: fixtureKind(item.kind).claims(item.artifact), notFound: reading.notFound ?? 'flag' };
  const grammar = grammarOf(reading.grammar);
  const turn = (reply: string): EscalatedTurn => ({ verdict: 'FAIL', spans: citedSpans(reply, grammar.parse(reply, context)) });
  return {
    critic: second.critic,
    condition: condition.name,
    item_id: item.id,
    fixture_id: item.fixtureId,
    role: item.role,
    mutator: item.mutator,
    repeat: second.repeat,
    policy: settings.policy,
    decision: settings.policy === 'escalate' ? 'escalated' : 'rejected',
    right: item.role === 'mutant',
    first_turn: turn(first.reply),
    rebuttal: { message: second.followUp, spans: citedSpans(second.followUp) },
    second_turn: turn(second.reply),
  };
}

/**
 * Per rebuttal condition, what the bounded round came to under the policy:
 * of the items with a verdict in both turns, those whose first-turn finding
 * met the rebuttal (`challenged`) and those whose finding held (`escalated`:
 * handed to a human, or rejected under fail-closed), with how many of those
 * were right (the item is a mutant) and wrong (a correct original). Item by
 * item, by majority over repeats, as the second turns count.
 */
export interface EscalationCell {
  policy: EscalationSettings['policy'];
  /** Items with a verdict in both turns. */
  n: number;
  /** Items whose first (clean) verdict was a finding, which the rebuttal answered. */
  challenged: number;
  /** Items whose finding held: the escalation rate is their share of `n`. */
  escalated: { count: number; rate: number; ci: Interval };
  /** Of the escalated, mutants (holding the finding was right) and originals (a false alarm held). */
  right: number;
  wrong: number;
  /** Under fail-closed, the escalated items rejected, and how many of those were right; null under escalate. */
  rejected: { count: number; right: number; wrong: number } | null;
  /**
   * Whether holding a finding tells a real defect from a false alarm: of the challenged findings on mutants and on
   * correct originals, the share held, compared by Fisher's exact test (two-sided). A critic that holds every finding,
   * or yields on every one, holds both shares alike (p = 1); one that re-checks holds its catches and drops its false
   * alarms. Null when either kind had no finding challenged.
   */
  heldOnMutantsVsOriginals: { mutants: { challenged: number; held: number }; originals: { challenged: number; held: number }; test: 'fisher-exact'; p: number } | null;
}

/** The escalation figures of the run's rebuttal conditions; undefined when the config sets no `escalation` (nothing in report.json). */
export function escalationCells(
  items: readonly ItemRecord[],
  outcomes: ItemOutcomes,
  conditions: readonly Condition[],
  settings: EscalationSettings | undefined,
): Record<string, EscalationCell> | undefined {
  if (!settings) return undefined;
  const cells: Record<string, EscalationCell> = {};
  for (const condition of conditions.filter(escalates)) {
    let n = 0;
    let challengedMutants = 0;
    let challengedOriginals = 0;
    let right = 0;
    let wrong = 0;
    // A rebuttal sent only after a PASS challenges no finding: a FAIL stands unanswered.
    const answersFindings = condition.followUp!.after !== 'pass';
    for (const item of items) {
      const first = flaggedForPairing(outcomes.of(item.id, SEALED_CONDITION));
      const second = flaggedForPairing(outcomes.of(item.id, condition.name));
      if (first === undefined || second === undefined) continue;
      n++;
      if (!first || !answersFindings) continue;
      if (item.role === 'mutant') challengedMutants++;
      else challengedOriginals++;
      if (!second) continue;
      if (item.role === 'mutant') right++;
      else wrong++;
    }
    if (!n) continue;
    const count = right + wrong;
    cells[condition.name] = {
      policy: settings.policy,
      n,
      challenged: challengedMutants + challengedOriginals,
      escalated: { count, rate: count / n, ci: wilsonInterval(count, n) },
      right,
      wrong,
      rejected: settings.policy === 'fail-closed' ? { count, right, wrong } : null,
      heldOnMutantsVsOriginals:
        challengedMutants && challengedOriginals
          ? {
              mutants: { challenged: challengedMutants, held: right },
              originals: { challenged: challengedOriginals, held: wrong },
              test: 'fisher-exact',
              p: fisherExact(right, challengedMutants, wrong, challengedOriginals),
            }
          : null,
    };
  }
  return cells;
}
