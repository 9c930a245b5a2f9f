import { Node, SyntaxKind } from '../src/util/tsMorph.js';
import { codeMutator, swapOperator } from './code-ast.js';

/**
 * Swaps + and -, * and / (compound assignments too). A `+` that joins
 * strings is left alone: its `-` twin would not even type-check, so no critic
 * would need to read the code to reject it.
 */
export const arithmeticOperator = codeMutator(
  'arithmetic-operator',
  swapOperator(
    { '+': '-', '-': '+', '*': '/', '/': '*', '+=': '-=', '-=': '+=', '*=': '/=', '/=': '*=' },
    (node) => !(node.getOperatorToken().getText().startsWith('+') && (isString(node.getLeft()) || isString(node.getRight()))),
  ),
);

function isString(node: Node): boolean {
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isTemplateExpression(node)) return true;
  if (Node.isParenthesizedExpression(node)) return isString(node.getExpression());
  return Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken && (isString(node.getLeft()) || isString(node.getRight()));
}
