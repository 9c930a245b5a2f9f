import type { Mutator } from './types.js';
import { numberFlip } from './number-flip.js';
import { entitySwap } from './entity-swap.js';
import { qualifierDeletion } from './qualifier-deletion.js';
import { dateShift } from './date-shift.js';
import { negation } from './negation.js';
import { unitSwap } from './unit-swap.js';
import { claimOmission } from './claim-omission.js';
import { claimInsertion } from './claim-insertion.js';
import { arithmeticOperator } from './arithmetic-operator.js';
import { comparisonBoundary } from './comparison-boundary.js';
import { offByOne } from './off-by-one.js';
import { removeCall } from './remove-call.js';
import { conditionNegation } from './condition-negation.js';
import { logicalOperator } from './logical-operator.js';
import { dropFlag } from './drop-flag.js';
import { fabricateFlag } from './fabricate-flag.js';
import { hedgeFlag } from './hedge-flag.js';
import { scopeFlag } from './scope-flag.js';

/** Every mutator, by name: text mutators first, then code mutators, then the review mutators (reviewAudits). */
export const ALL_MUTATORS: readonly Mutator[] = [
  numberFlip,
  entitySwap,
  qualifierDeletion,
  dateShift,
  negation,
  unitSwap,
  claimOmission,
  claimInsertion,
  arithmeticOperator,
  comparisonBoundary,
  offByOne,
  removeCall,
  conditionNegation,
  logicalOperator,
  dropFlag,
  fabricateFlag,
  hedgeFlag,
  scopeFlag,
] as readonly Mutator[];
