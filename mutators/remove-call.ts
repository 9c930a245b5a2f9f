import { Node } from '../src/util/tsMorph.js';
import { asOperand, codeMutator, replaceNode } from './code-ast.js';

/**
 * Drops one method call from an expression: `xs.slice().sort(cmp)` loses
 * `.slice()` or `.sort(cmp)`. A call on a namespace such as `Math.abs(x)` has
 * no receiver worth keeping, so it unwraps to its single argument instead. A
 * call standing alone as a statement (`out.push(x);`) is left: removing it
 * deletes a statement rather than a link of a chain.
 */
export const removeCall = codeMutator('remove-call', (node) => {
  if (!Node.isCallExpression(node)) return [];
  const callee = node.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return [];
  const receiver = callee.getExpression();
  if (isNamespace(receiver)) {
    const [only, ...rest] = node.getArguments();
    return only && rest.length === 0 && !Node.isSpreadElement(only) ? [replaceNode(node, asOperand(only))] : [];
  }
  if (Node.isExpressionStatement(node.getParent())) return [];
  return [{ start: receiver.getEnd(), end: node.getEnd(), replacement: '' }];
});

/** `Math`, `Number`, `Array`…: by convention a capitalized bare name holds functions, not data. */
function isNamespace(node: Node): boolean {
  return Node.isIdentifier(node) && /^[A-Z]/.test(node.getText());
}
