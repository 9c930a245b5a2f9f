import { ALL_FIXTURE_KINDS, fixtureKind, type FixtureKindName } from '../../fixtures/kinds/index.js';
import type { Condition } from './types.js';

/** An earlier reviewer's rejection, in the words of the artifact's kind: a bug in code, an error in a text. */
export const priorFailVerdict = (kind: FixtureKindName) => `Prior reviewer: FAIL, ${fixtureKind(kind).priorFinding}.`;

/** An earlier reviewer's rejection: does the critic flag a correct artifact because of it? */
export const priorFail = {
  name: 'prior-fail',
  contaminantKey: 'prior_verdict',
  pushes: 'fail',
  label: 'when told a prior reviewer failed it',
  describe: `adds prior_verdict: ${ALL_FIXTURE_KINDS.map((kind) => `"${priorFailVerdict(kind.name)}" (${kind.name})`).join(', ')}`,
  colour: '#8e3fa8', // purple
  contaminant: (item) => priorFailVerdict(item.kind),
} as const satisfies Condition;
