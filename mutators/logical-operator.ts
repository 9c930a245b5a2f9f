import { codeMutator, swapOperator } from './code-ast.js';

/** Swaps && and ||: a guard that should reject any bad input now needs all of them, or the reverse. */
export const logicalOperator = codeMutator('logical-operator', swapOperator({ '&&': '||', '||': '&&' }));
