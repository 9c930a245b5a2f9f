import { Node, SyntaxKind, type BinaryExpression } from '../src/util/tsMorph.js';
import { codeMutator, replaceNode } from './code-ast.js';

const COMPARISONS = new Set(['<', '<=', '>', '>=', '===', '!==', '==', '!=']);
const DIVISIONS = new Set(['/', '%', '/=', '%=']);
/** Methods whose arguments are positions or lengths. */
const INDEX_METHODS = new Set(['slice', 'substring', 'at', 'splice', 'charAt', 'charCodeAt', 'codePointAt', 'padStart', 'padEnd']);

/**
 * Moves an integer by one where off-by-one errors live: in an index, a bound
 * (a comparison, a loop's start, a length) or a divisor. An adjustment by one,
 * `n - 1` or `mid + 1`, counts wherever it stands and becomes `n` or `n - 2`.
 */
export const offByOne = codeMutator('off-by-one', (node) => {
  if (!Node.isNumericLiteral(node) || !/^\d+$/.test(node.getText())) return [];
  const value = Number(node.getText());
  const parent = node.getParentOrThrow();
  if (value === 1 && Node.isBinaryExpression(parent) && parent.getRight() === node && isPlusMinus(parent)) {
    return [{ start: parent.getLeft().getEnd(), end: node.getEnd(), replacement: '' }, replaceNode(node, '2')];
  }
  if (!inIndexBoundOrDivisor(node)) return [];
  // `-1` moves to `-2`, never to the odd-looking `-0`.
  const negated = Node.isPrefixUnaryExpression(parent) && parent.getOperatorToken() === SyntaxKind.MinusToken;
  const lower = value - 1 >= (negated ? 1 : 0) ? [replaceNode(node, String(value - 1))] : [];
  return [replaceNode(node, String(value + 1)), ...lower];
});

function isPlusMinus(node: BinaryExpression): boolean {
  const kind = node.getOperatorToken().getKind();
  return kind === SyntaxKind.PlusToken || kind === SyntaxKind.MinusToken;
}

function inIndexBoundOrDivisor(literal: Node): boolean {
  // Look through the arithmetic around the literal: in `xs[n - 2]` the 2 is part of the index.
  let expr = literal;
  let parent = expr.getParentOrThrow();
  while (Node.isParenthesizedExpression(parent) || Node.isPrefixUnaryExpression(parent) || (Node.isBinaryExpression(parent) && isPlusMinus(parent))) {
    expr = parent;
    parent = parent.getParentOrThrow();
  }
  if (Node.isElementAccessExpression(parent)) return parent.getArgumentExpression() === expr;
  if (Node.isBinaryExpression(parent)) {
    const operator = parent.getOperatorToken().getText();
    return COMPARISONS.has(operator) || (DIVISIONS.has(operator) && parent.getRight() === expr);
  }
  // A loop's start: `for (let i = 0; …)`.
  if (Node.isVariableDeclaration(parent)) return Node.isForStatement(parent.getParent()?.getParent());
  // A length: `Array.from({ length: n + 1 }, …)`.
  if (Node.isPropertyAssignment(parent)) return parent.getName() === 'length';
  if (Node.isCallExpression(parent) || Node.isNewExpression(parent)) {
    const callee = parent.getExpression();
    const takesPositions = Node.isPropertyAccessExpression(callee) ? INDEX_METHODS.has(callee.getName()) : callee.getText() === 'Array';
    return takesPositions && parent.getArguments().includes(expr);
  }
  return false;
}
