import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Node, Project, type SourceFile } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { ALL_FIXTURE_KINDS } from '../../src/fixtures/kinds/index.js';
import { ALL_CONDITIONS } from '../../src/requests/conditions/index.js';
import { ALL_GRAMMARS } from '../../src/reviews/verdicts/index.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/**
 * The registries whose members own their behaviour: a module that needs to
 * know how a kind, a grammar or a condition behaves asks the member, never
 * tests its name. A name may be compared only in its member's own module and
 * in the registry (the folder's index.ts), where the member is written down.
 */
const AXES = [
  { axis: 'fixture kind', folder: 'src/fixtures/kinds', names: ALL_FIXTURE_KINDS.map((k) => k.name) },
  { axis: 'verdict grammar', folder: 'src/reviews/verdicts', names: ALL_GRAMMARS.map((g) => g.name) },
  { axis: 'condition', folder: 'src/requests/conditions', names: ALL_CONDITIONS.map((c) => c.name) },
] as const;

interface Comparison {
  file: string;
  line: number;
  axis: string;
  name: string;
  text: string;
}

const project = new Project({ useInMemoryFileSystem: true });

/** The expression inside parentheses, `as` and `satisfies`. */
function unwrapped(node: Node): Node {
  return Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) ? unwrapped(node.getExpression()) : node;
}

/** The string a literal operand spells, or undefined when the node is no string literal. */
function literalText(node: Node): string | undefined {
  const inner = unwrapped(node);
  return Node.isStringLiteral(inner) || Node.isNoSubstitutionTemplateLiteral(inner) ? inner.getLiteralText() : undefined;
}

/** The array literal a node is (through `as const`, parentheses), or undefined. */
function arrayLiteral(node: Node): Node[] | undefined {
  const inner = unwrapped(node);
  return Node.isArrayLiteralExpression(inner) ? inner.getElements() : undefined;
}

/**
 * A foreign protocol's tag: Anthropic's content blocks are `{type: 'text'}`.
 * Our kinds, grammars and conditions are never held in a property of that name.
 */
const isProtocolTag = (node: Node): boolean => Node.isPropertyAccessExpression(node) && node.getName() === 'type';

/** The literals a node compares a value against: either side of an equality, a `case` label, the elements of a literal list whose `includes` is called. */
function comparedLiterals(node: Node): Node[] {
  if (Node.isBinaryExpression(node) && ['===', '!==', '==', '!='].includes(node.getOperatorToken().getText())) {
    const [left, right] = [node.getLeft(), node.getRight()];
    return isProtocolTag(left) || isProtocolTag(right) ? [] : [left, right];
  }
  if (Node.isCaseClause(node)) return [node.getExpression()];
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'includes') return arrayLiteral(callee.getExpression()) ?? [];
  }
  return [];
}

/** The members each file defines (`name: '<member>'` in its own module), so that a member's module may speak of itself. */
function ownNames(file: SourceFile): Set<string> {
  const own = new Set<string>();
  file.forEachDescendant((node) => {
    if (Node.isPropertyAssignment(node) && node.getName() === 'name') {
      const text = literalText(node.getInitializerOrThrow());
      if (text !== undefined) own.add(text);
    }
  });
  return own;
}

/** Every comparison of a registered name in one source file that is neither the name's own module nor its registry. */
function nameComparisons(path: string, text: string): Comparison[] {
  const file = project.createSourceFile(path, text, { overwrite: true });
  const own = ownNames(file);
  const found: Comparison[] = [];
  file.forEachDescendant((node) => {
    for (const operand of comparedLiterals(node)) {
      const literal = literalText(operand);
      if (literal === undefined) continue;
      for (const { axis, folder, names } of AXES) {
        if (!(names as readonly string[]).includes(literal)) continue;
        const inRegistry = path === `${folder}/index.ts`;
        const inOwnModule = path.startsWith(`${folder}/`) && own.has(literal);
        if (!inRegistry && !inOwnModule) found.push({ file: path, line: node.getStartLineNumber(), axis, name: literal, text: node.getText().split('\n')[0]!.slice(0, 120) });
      }
    }
  });
  project.removeSourceFile(file);
  return found;
}

/** The shipped sources (specs and the mutators' test helpers aside), relative to the package root. */
function shippedSources(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) files.push(relative(root, join(root, path)));
    }
  };
  for (const top of ['src', 'mutators']) walk(top);
  return files;
}

describe('names of kinds, grammars and conditions', () => {
  const comparisons = shippedSources(PACKAGE_ROOT).flatMap((path) => nameComparisons(path, readFileSync(join(PACKAGE_ROOT, path), 'utf8')));

  it('are compared only in their own module and their registry', () => {
    const offending = comparisons.map((c) => `${c.file}:${c.line}: ${c.axis} "${c.name}" in ${c.text}`);
    expect(offending).toEqual([]);
  });
});

describe('the name-literal reader', () => {
  it('catches a name compared with ===, !==, a case label and a literal list', () => {
    const source = [
      "if (fixture.kind === 'code') run();",
      "if ('claims' !== grammar.name) skip();",
      "switch (condition.name) { case 'blind': break; }",
      "if ((['text', 'review'] as const).includes(kind)) quote();",
    ].join('\n');
    expect(nameComparisons('src/audit.ts', source).map((c) => [c.line, c.axis, c.name])).toEqual([
      [1, 'fixture kind', 'code'],
      [2, 'verdict grammar', 'claims'],
      [3, 'condition', 'blind'],
      [4, 'fixture kind', 'text'],
      [4, 'fixture kind', 'review'],
    ]);
  });

  it("lets a member's own module and its registry speak of it, and no other member's module", () => {
    const own = "export const blind = { name: 'blind', applies: (c) => c.name === 'blind' };";
    expect(nameComparisons('src/requests/conditions/blind.ts', own)).toEqual([]);
    expect(nameComparisons('src/requests/conditions/index.ts', "const first = (c) => c.name === 'clean';")).toEqual([]);
    expect(nameComparisons('src/requests/conditions/prior-fail.ts', "export const priorFail = { name: 'prior-fail', x: (c) => c.name === 'blind' };")).toHaveLength(1);
    expect(nameComparisons('src/results/blind.ts', "export const blind = { name: 'blind', applies: (c) => c.name === 'blind' };")).toHaveLength(1);
  });

  it("ignores literals that name no member, names that are not compared, and a protocol's `type` tags", () => {
    expect(nameComparisons('src/audit.ts', "if (w.kind === 'file-order') note(); const of = outcomes.of(id, 'clean');")).toEqual([]);
    expect(nameComparisons('src/reviews/providers/anthropic.ts', "const text = blocks.filter((b) => b.type === 'text');")).toEqual([]);
  });
});
