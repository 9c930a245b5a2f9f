import { Node, SyntaxKind, type Expression } from '../src/util/tsMorph.js';
import type { MutationCandidate } from './types.js';
import { asOperand, codeMutator, replaceNode } from './code-ast.js';

const EQUALITY_FLIPS = new Map([
  ['===', '!=='],
  ['!==', '==='],
  ['==', '!='],
  ['!=', '=='],
]);

/** Negates the condition of an if, a loop or a conditional expression. */
export const conditionNegation = codeMutator('condition-negation', (node) => {
  const condition = conditionOf(node);
  return condition ? [negate(condition)] : [];
});

function conditionOf(node: Node): Expression | undefined {
  if (Node.isIfStatement(node) || Node.isWhileStatement(node) || Node.isDoStatement(node)) return node.getExpression();
  if (Node.isForStatement(node)) return node.getCondition();
  if (Node.isConditionalExpression(node)) return node.getCondition();
  return undefined;
}

/** The smallest edit that reads naturally: drop a leading `!`, flip an equality, or else prefix `!`. */
function negate(condition: Expression): MutationCandidate {
  if (Node.isPrefixUnaryExpression(condition) && condition.getOperatorToken() === SyntaxKind.ExclamationToken) {
    return { start: condition.getStart(), end: condition.getOperand().getStart(), replacement: '' };
  }
  if (Node.isBinaryExpression(condition)) {
    const token = condition.getOperatorToken();
    const flipped = EQUALITY_FLIPS.get(token.getText());
    if (flipped) return replaceNode(token, flipped);
  }
  return replaceNode(condition, `!${asOperand(condition)}`);
}
