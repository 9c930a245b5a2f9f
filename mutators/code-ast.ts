import { Node, SyntaxKind, tsMorph, type BinaryExpression, type SourceFile } from '../src/util/tsMorph.js';
import type { CodeMutator, MutationCandidate } from './types.js';

/**
 * One in-memory project for every code mutator, and the parsed file per
 * artifact text: six mutators over the same fixture parse it once. The cache
 * is bounded (oldest first out) because property tests feed it many throwaway
 * snippets.
 */
let project: InstanceType<ReturnType<typeof tsMorph>['Project']> | undefined;
const parsed = new Map<string, SourceFile>();
const MAX_PARSED = 256;
let files = 0;

function parseArtifact(artifact: string): SourceFile {
  const cached = parsed.get(artifact);
  if (cached) return cached;
  if (parsed.size >= MAX_PARSED) {
    const [oldestText, oldest] = parsed.entries().next().value!;
    parsed.delete(oldestText);
    project!.removeSourceFile(oldest);
  }
  project ??= new (tsMorph().Project)({ useInMemoryFileSystem: true });
  const file = project.createSourceFile(`/artifact-${++files}.ts`, artifact);
  parsed.set(artifact, file);
  return file;
}

/** What a code mutator does at one syntax node: the candidates there, if any. */
export type NodeRule = (node: Node) => Iterable<MutationCandidate>;

/** A code mutator from a per-node rule; the parse, the walk and the artifact order are shared. */
export function codeMutator(name: string, rule: NodeRule): CodeMutator {
  return {
    name,
    kind: 'code',
    candidates(fixture) {
      const found: MutationCandidate[] = [];
      parseArtifact(fixture.artifact).forEachDescendant((node) => {
        found.push(...rule(node));
      });
      return found.sort((a, b) => a.start - b.start || a.end - b.end);
    },
  };
}

/** Replaces the text of a node. */
export function replaceNode(node: Node, replacement: string): MutationCandidate {
  return { start: node.getStart(), end: node.getEnd(), replacement };
}

/**
 * A rule that swaps a binary operator for its partner in `swaps`, on the
 * operator token alone, where `applies` allows it.
 */
export function swapOperator(swaps: Readonly<Record<string, string>>, applies: (node: BinaryExpression) => boolean = () => true): NodeRule {
  const table = new Map(Object.entries(swaps));
  return (node) => {
    if (!Node.isBinaryExpression(node)) return [];
    const token = node.getOperatorToken();
    const replacement = table.get(token.getText());
    return replacement !== undefined && applies(node) ? [replaceNode(token, replacement)] : [];
  };
}

/** The expression as it may stand in any operand position: parenthesized unless it is already a primary expression. */
export function asOperand(node: Node): string {
  const primary =
    Node.isIdentifier(node) ||
    Node.isLiteralExpression(node) ||
    Node.isParenthesizedExpression(node) ||
    Node.isCallExpression(node) ||
    Node.isPropertyAccessExpression(node) ||
    Node.isElementAccessExpression(node) ||
    Node.isArrayLiteralExpression(node) ||
    Node.isNonNullExpression(node) ||
    node.getKind() === SyntaxKind.TrueKeyword ||
    node.getKind() === SyntaxKind.FalseKeyword;
  return primary ? node.getText() : `(${node.getText()})`;
}
