import { codeMutator, swapOperator } from './code-ast.js';

/** Moves a comparison's boundary: < and <=, > and >=. */
export const comparisonBoundary = codeMutator('comparison-boundary', swapOperator({ '<': '<=', '<=': '<', '>': '>=', '>=': '>' }));
