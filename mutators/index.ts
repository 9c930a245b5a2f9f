import type { Mutator } from './types.js';
import { numberFlip } from './number-flip.js';
import { entitySwap } from './entity-swap.js';
import { qualifierDeletion } from './qualifier-deletion.js';

/** Every mutator, by name. Code mutators are listed after the text ones. */
export const ALL_MUTATORS: readonly Mutator[] = [
  numberFlip,
  entitySwap,
  qualifierDeletion,
] as readonly Mutator[];
