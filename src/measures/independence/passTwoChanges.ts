import { criticFigure } from '../measure.js';
import { passTwo } from '../passTwo.js';
import { fail, independenceEval, notApplicable, pass } from './eval.js';

/**
 * Pass two changes the decision: both verdicts and the reason are kept. Pass one is the item's own stored clean
 * review, never overwritten; the second turn after the reveal is stored beside it, and pass-two.jsonl holds, per
 * item, both verdicts and the reason in the critic's words, each change split into corrupting and corrective. A
 * change whose reply gives no reason (only a verdict line) fails the row: the record would keep no reason.
 */
export const passTwoChanges = independenceEval({
  case: 'pass_two_changes_decision',
  expect: 'preserve_both_verdicts_and_reason',
  judge({ critic }) {
    const cells = Object.entries(criticFigure(passTwo, critic) ?? {});
    if (!cells.length) return notApplicable("no item was reviewed again after a reveal of the author's explanation (reveal-trace)");
    const text = cells
      .map(
        ([condition, c]) =>
          `${condition}: ${c.changed} of ${c.n} verdicts changed after the reveal (${c.corrupting.count} corrupting: ${c.corrupting.withdrawnCatches} catches withdrawn, ${c.corrupting.newFalseAlarms} new false alarms; ${c.corrective.count} corrective), ${c.silent ? `${c.silent} with no reason given` : 'each with its reason'}`,
      )
      .join('; ');
    const kept = "pass one kept as stored; both verdicts and the critic's reason of each item in pass-two.jsonl";
    return cells.some(([, c]) => c.silent) ? fail(`a decision changed without its reason (a silent rewrite): ${text}; ${kept}`) : pass(`${text}; ${kept}`);
  },
});
