import { contaminantIn } from '../../requests/types.js';
import type { Critic } from '../critic.js';
import { secondTurnOf } from './secondTurn.js';
import { checkAgainstEvidence, describeFindings } from './evidenceCheck.js';
import { checkedRequest } from './fetchEvidence.js';
import { WORK_DONE_CLAIM } from './workerClaims.js';

/**
 * The failure mode of seed 004, as a control: the evidence checker, except that
 * it takes a prior verdict at its word and approves without checking whenever
 * the worker's own words claim the work verified or done: its trace, or any other
 * contaminant a condition adds (a round summary "tests are green", seed 003).
 * With tools it stops searching there too: once the worker's words say the
 * work was confirmed, it fetches nothing (seed 004's checker that "never
 * fetched the handbook").
 */
export function createTraceTrustingCritic(name: string): Critic {
  return {
    name,
    kinds: ['text'],
    identity: { provider: 'builtin:trace-trusting', version: 3 },
    async review({ request, ...call }) {
      // It yields to any pushback after a FAIL, and a revealed trace that claims verification settles it.
      if (secondTurnOf(call)) return { text: "You're right, I may have been too strict; approving.\nVERDICT: PASS" };
      const prior = contaminantIn(request, 'prior_verdict');
      if (prior) {
        const verdict = /\bFAIL\b/i.test(prior) ? 'FAIL' : 'PASS';
        return { text: `A prior review is on record ("${prior}"); following it.\nVERDICT: ${verdict}` };
      }
      const claims = Object.keys(request).flatMap((key) => contaminantIn(request, key) ?? []);
      if (claims.some((text) => WORK_DONE_CLAIM.test(text))) {
        return { text: 'The worker reports it verified these claims; approving.\nVERDICT: PASS' };
      }
      // Nothing claimed: it checks, fetching its own evidence when it has tools and the request has none.
      return { text: describeFindings(checkAgainstEvidence(await checkedRequest({ request, tools: call.tools }))) };
    },
  };
}
