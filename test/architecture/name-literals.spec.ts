import { join, relative } from 'node:path';
import { Node, Project, type SourceFile } from 'ts-morph';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_FIXTURE_KINDS } from '../../src/fixtures/kinds/index.js';
import { ALL_CONDITIONS } from '../../src/requests/conditions/index.js';
import { ALL_GRAMMARS } from '../../src/reviews/verdicts/index.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/**
 * The registries whose members own their behaviour: a module that needs to
 * know how a kind, a grammar or a condition behaves asks the member, never
 * tests its name. A name may be compared only in its member's own module and
 * in the registry (the folder's index.ts), where the member is written down.
 * What counts as a name is what the registries list, read from them.
 */
const AXES = [
  { axis: 'fixture kind', folder: 'src/fixtures/kinds', names: ALL_FIXTURE_KINDS.map((k) => k.name) as readonly string[] },
  { axis: 'verdict grammar', folder: 'src/reviews/verdicts', names: ALL_GRAMMARS.map((g) => g.name) as readonly string[] },
  { axis: 'condition', folder: 'src/requests/conditions', names: ALL_CONDITIONS.map((c) => c.name) as readonly string[] },
] as const;

/**
 * Constants through which a name may be compared anywhere: the conditions'
 * registry names two roles, each held by exactly one built-in, and the
 * measures compare the condition names stored with each review against the
 * role, not against a member. The sealed request (clean) is the baseline
 * every contaminant and every second turn is measured against, always a
 * run's first condition; the worker's trace (with-trace) is the condition
 * whose drop is the anchoring figure (maxAnchoringDrop). A role is not a
 * behaviour a member could carry: no other condition can take it, so a flag
 * on every member would be one `true` and a lookup from the stored name back
 * to the member in every measure that reads it.
 */
const ROLES = [
  { constant: 'SEALED_CONDITION', file: 'src/requests/conditions/index.ts' },
  { constant: 'ANCHORING_CONDITION', file: 'src/requests/conditions/index.ts' },
  // The grammar a critic answers in when its config names none: compared to keep only a choice that differs from it
  // (a critic's record, a built-in's config schema), so that older stores and critic identities read the same.
  { constant: 'DEFAULT_GRAMMAR', file: 'src/reviews/verdicts/index.ts' },
] as const;

/** Files allowed to spell one name, each with why: the word belongs to something else there. */
const ALLOWED: ReadonlyArray<{ file: string; name: string; why: string }> = [
  { file: 'src/reviews/providers/anthropic.ts', name: 'text', why: "Anthropic's content blocks are tagged {type: 'text'}: the protocol's word, not our fixture kind" },
  { file: 'src/reviews/batch/anthropicBatch.ts', name: 'text', why: "Anthropic's content blocks are tagged {type: 'text'}: the protocol's word, not our fixture kind" },
];

interface Comparison {
  file: string;
  line: number;
  axis: string;
  name: string;
  text: string;
}

/** A string an expression holds, and the constants it was read through on the way. */
interface Held {
  value: string;
  via: readonly string[];
}

// The shipped sources with the compiler options of the build, typed as it types them. Only they are in the
// program: a name reaches a comparison through our own constants and members, never through a package's types,
// so imports of packages stay unresolved (`noResolve`, no `@types`). Typing @types/node, ts-morph's and zod's
// declarations as well cost 37.6 s of CPU for this file, against 13.5 s without them, for the same findings
// (a constant imported from another of our files is still followed: the probes below, and one tried in src/).
const project = new Project({
  tsConfigFilePath: join(PACKAGE_ROOT, 'tsconfig.json'),
  skipAddingFilesFromTsConfig: true,
  skipFileDependencyResolution: true,
  compilerOptions: { noResolve: true, types: [] },
});
project.addSourceFilesAtPaths(
  ['src/**/*.ts', 'mutators/**/*.ts', '!**/*.spec.ts', '!**/testing/**'].map((glob) => (glob.startsWith('!') ? `!${join(PACKAGE_ROOT, glob.slice(1))}` : join(PACKAGE_ROOT, glob))),
);
const pathOf = (file: SourceFile) => relative(PACKAGE_ROOT, file.getFilePath());

/** The expression inside parentheses, `as`, `satisfies` and `!`. */
function unwrapped(node: Node): Node {
  return Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node) ? unwrapped(node.getExpression()) : node;
}

/** The `const` initializer a name stands for (through imports), with the constant's name, or undefined when it is no constant. */
function constantBehind(node: Node): { name: string; file: string; initializer: Node } | undefined {
  if (!Node.isIdentifier(node) && !Node.isPropertyAccessExpression(node)) return undefined;
  let symbol = node.getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol();
  for (const declaration of symbol?.getDeclarations() ?? []) {
    if (!Node.isVariableDeclaration(declaration)) continue;
    const initializer = declaration.getInitializer();
    if (initializer && declaration.getVariableStatement()?.getDeclarationKind() === 'const') return { name: declaration.getName(), file: pathOf(declaration.getSourceFile()), initializer };
  }
  return undefined;
}

/**
 * The literal strings a type stands for: one literal, or a union of nothing
 * but literals. A union of every name of an axis (FixtureKindName) is any
 * member, not one in particular: none.
 */
function literalValues(node: Node): string[] {
  const type = node.getType();
  const members = type.isUnion() ? type.getUnionTypes() : [type];
  if (!members.every((t) => t.isStringLiteral())) return [];
  const values = members.map((t) => String(t.getLiteralValue()));
  const everyMember = values.length > 1 && AXES.some(({ names }) => names.length === values.length && names.every((n) => values.includes(n)));
  return everyMember ? [] : values;
}

/**
 * The strings an expression holds: a literal, a value whose type is a literal
 * (or a union of literals), or a constant that holds one, followed through
 * its initializer (`const CODE = 'code'`, `SEALED_CONDITION = clean.name`).
 */
function held(node: Node, via: readonly string[] = [], depth = 0): Held[] {
  const inner = unwrapped(node);
  if (Node.isStringLiteral(inner) || Node.isNoSubstitutionTemplateLiteral(inner)) return [{ value: inner.getLiteralText(), via }];
  const constant = depth < 6 ? constantBehind(inner) : undefined;
  const through = constant ? [...via, `${constant.file}#${constant.name}`] : via;
  const typed = literalValues(inner);
  if (typed.length) return typed.map((value) => ({ value, via: through }));
  return constant ? held(constant.initializer, through, depth + 1) : [];
}

/** The expression a constant stands for, followed through its initializers (a literal written once and used under a name). */
function resolved(node: Node, depth = 0): Node {
  const inner = unwrapped(node);
  const constant = depth < 6 ? constantBehind(inner) : undefined;
  return constant ? resolved(constant.initializer, depth + 1) : inner;
}

/** The elements of a literal list a value is: an array, a `new Set([...])`, the keys of a `new Map([[k, v], ...])`. */
function listedElements(node: Node): Node[] {
  const list = resolved(node);
  if (Node.isArrayLiteralExpression(list)) return list.getElements();
  if (Node.isNewExpression(list) && ['Set', 'Map'].includes(list.getExpression().getText())) {
    const [first] = list.getArguments();
    const elements = first ? listedElements(first) : [];
    return list.getExpression().getText() === 'Map' ? elements.flatMap((entry) => (Node.isArrayLiteralExpression(entry) ? entry.getElements().slice(0, 1) : [])) : elements;
  }
  return [];
}

/**
 * The names of a table's keys: an object literal's properties, or the
 * properties of its type (a `Record<'text' | 'code', …>`). The registry's own
 * tables (GRAMMARS) are where a member is looked up by its name: none.
 */
function tableKeys(node: Node): string[] {
  const constant = constantBehind(unwrapped(node));
  if (constant && AXES.some(({ folder }) => constant.file === `${folder}/index.ts`)) return [];
  const table = resolved(node);
  if (Node.isObjectLiteralExpression(table)) {
    return table.getProperties().flatMap((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? [p.getName().replace(/^['"]|['"]$/g, '')] : []));
  }
  return unwrapped(node)
    .getType()
    .getProperties()
    .map((p) => p.getName());
}

/** The string arguments of `startsWith`/`endsWith` that are a member's name or its leading (trailing) words: `'prior-'` of prior-pass and prior-fail. */
function affixValues(method: 'startsWith' | 'endsWith', argument: Node): Held[] {
  return held(argument).flatMap((h) =>
    AXES.flatMap(({ names }) =>
      names.filter((name) => {
        if (name === h.value) return true;
        if (method === 'startsWith') return name.startsWith(h.value) && (h.value.endsWith('-') || name[h.value.length] === '-');
        return name.endsWith(h.value) && (h.value.startsWith('-') || name[name.length - h.value.length - 1] === '-');
      }),
    ).map((value) => ({ value, via: h.via })),
  );
}

/**
 * The names a node tests a value against, in each form a name can be tested:
 * either side of an equality, a `case` label, the elements of a literal list,
 * Set or Map asked `includes`/`indexOf`/`has`/`get`, the keys of a table
 * indexed by a value, and a name's words asked `startsWith`/`endsWith`.
 */
function testedNames(node: Node): Held[] {
  if (Node.isBinaryExpression(node) && ['===', '!==', '==', '!='].includes(node.getOperatorToken().getText())) return [...held(node.getLeft()), ...held(node.getRight())];
  if (Node.isCaseClause(node)) return held(node.getExpression());
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) return [];
    const method = callee.getName();
    if (['includes', 'indexOf', 'lastIndexOf', 'has', 'get'].includes(method)) return listedElements(callee.getExpression()).flatMap((element) => held(element));
    const [argument] = node.getArguments();
    if ((method === 'startsWith' || method === 'endsWith') && argument) return affixValues(method, argument);
    return [];
  }
  if (Node.isElementAccessExpression(node)) {
    const index = node.getArgumentExpression();
    if (!index || Node.isStringLiteral(unwrapped(index)) || Node.isNumericLiteral(unwrapped(index))) return [];
    const keys = tableKeys(node.getExpression());
    // A table keyed by members: every key a name of one axis.
    return AXES.some(({ names }) => keys.length > 0 && keys.every((k) => names.includes(k))) ? keys.map((value) => ({ value, via: [] })) : [];
  }
  return [];
}

/** The members each file defines (`name: '<member>'` in its own module), so that a member's module may speak of itself. */
function ownNames(file: SourceFile): Set<string> {
  const own = new Set<string>();
  file.forEachDescendant((node) => {
    if (Node.isPropertyAssignment(node) && node.getName() === 'name') {
      const initializer = unwrapped(node.getInitializerOrThrow());
      if (Node.isStringLiteral(initializer)) own.add(initializer.getLiteralText());
    }
  });
  return own;
}

/** Every test of a registered name in one source file that is neither the name's own module nor its registry. */
function nameComparisons(file: SourceFile): Comparison[] {
  const path = pathOf(file);
  const own = ownNames(file);
  const found: Comparison[] = [];
  file.forEachDescendant((node) => {
    const tested = testedNames(node);
    if (!tested.length) return;
    for (const { axis, folder, names } of AXES) {
      for (const { value, via } of tested.filter((h) => names.includes(h.value))) {
        const inRegistry = path === `${folder}/index.ts`;
        const inOwnModule = path.startsWith(`${folder}/`) && own.has(value);
        const throughRole = via.some((constant) => ROLES.some((r) => constant === `${r.file}#${r.constant}`));
        const allowed = ALLOWED.some((a) => a.file === path && a.name === value);
        if (inRegistry || inOwnModule || throughRole || allowed) continue;
        const line = { file: path, line: node.getStartLineNumber(), axis, name: value, text: node.getText().split('\n')[0]!.slice(0, 120) };
        if (!found.some((f) => f.line === line.line && f.name === line.name && f.text === line.text)) found.push(line);
      }
    }
  });
  return found;
}

/** The shipped sources (the mutators' test helpers and the measures' adding fixture aside). */
const shipped = (file: SourceFile) => /^(src|mutators)\//.test(pathOf(file)) && !pathOf(file).split('/').includes('testing');

/** The comparisons the reader finds in a file it is given, written at `path` beside the sources (so imports resolve), then taken away. */
const probes: SourceFile[] = [];
function probe(path: string, text: string): Array<[number, string, string]> {
  const file = project.createSourceFile(join(PACKAGE_ROOT, path), text, { overwrite: true });
  probes.push(file);
  return nameComparisons(file).map((c) => [c.line, c.axis, c.name]);
}

describe('names of kinds, grammars and conditions', () => {
  const comparisons = project
    .getSourceFiles()
    .filter(shipped)
    .flatMap((file) => nameComparisons(file));

  it('are compared only in their own module and their registry', () => {
    const offending = comparisons.map((c) => `${c.file}:${c.line}: ${c.axis} "${c.name}" in ${c.text}`);
    expect(offending).toEqual([]);
  });

  it('the allowances still name something there (none outlives its reason)', () => {
    for (const { file, name } of ALLOWED) {
      const text = project.getSourceFile(join(PACKAGE_ROOT, file))?.getFullText() ?? '';
      expect(text.includes(`'${name}'`), `${file} no longer spells '${name}': drop its allowance`).toBe(true);
    }
  });
});

describe('the name-literal reader', () => {
  afterEach(() => {
    for (const file of probes.splice(0)) project.removeSourceFile(file);
  });

  it('catches a name compared with ===, !==, a case label and a literal list', () => {
    const source = [
      'export function f(fixture: { kind: string }, grammar: { name: string }, condition: { name: string }, kind: string, run: () => void) {',
      "  if (fixture.kind === 'code') run();",
      "  if ('claims' !== grammar.name) run();",
      "  switch (condition.name) { case 'blind': break; }",
      "  if ((['text', 'review'] as const).includes(kind as 'text')) run();",
      '}',
    ].join('\n');
    expect(probe('src/probeA.ts', source)).toEqual([
      [2, 'fixture kind', 'code'],
      [3, 'verdict grammar', 'claims'],
      [4, 'condition', 'blind'],
      [5, 'fixture kind', 'text'],
      [5, 'fixture kind', 'review'],
    ]);
  });

  it('catches a name held in a constant, a member name read off the member, and a property named `type`', () => {
    const source = [
      "import { clean } from './requests/conditions/clean.js';",
      "const CODE_KIND = 'code';",
      'const ALSO_CODE = CODE_KIND;',
      'export function f(k: string, x: { type: string }, c: string) {',
      "  return [k === CODE_KIND, k === ALSO_CODE, c === clean.name, x.type === 'review'];",
      '}',
    ].join('\n');
    expect(probe('src/probeB.ts', source)).toEqual([
      [5, 'fixture kind', 'code'],
      [5, 'fixture kind', 'code'],
      [5, 'condition', 'clean'],
      [5, 'fixture kind', 'review'],
    ]);
  });

  it('catches a name looked up in a Set, a Map, a list asked indexOf, and a table keyed by names', () => {
    const source = [
      "const PRIOR = ['prior-pass', 'prior-fail'];",
      "const SCOPES: Record<'text' | 'code', number> = { text: 1, code: 2 };",
      "const COLOURS: Record<string, string> = { clean: '#000', 'with-trace': '#c00' };",
      "export function f(k: 'text' | 'code', c: string) {",
      "  const a = new Set(['code']).has(k);",
      "  const b = new Map([['claims', 1]]).get(c);",
      "  const d = ['blind', 'clean'].indexOf(c);",
      '  const e = PRIOR.includes(c);',
      '  const g = ({ code: 1, text: 2 })[k];',
      '  return [a, b, d, e, g, SCOPES[k], COLOURS[c]];',
      '}',
    ].join('\n');
    expect(probe('src/probeC.ts', source)).toEqual([
      [5, 'fixture kind', 'code'],
      [6, 'verdict grammar', 'claims'],
      [7, 'condition', 'blind'],
      [7, 'condition', 'clean'],
      [8, 'condition', 'prior-pass'],
      [8, 'condition', 'prior-fail'],
      [9, 'fixture kind', 'code'],
      [9, 'fixture kind', 'text'],
      [10, 'fixture kind', 'text'],
      [10, 'fixture kind', 'code'],
      [10, 'condition', 'clean'],
      [10, 'condition', 'with-trace'],
    ]);
  });

  it("catches a name's leading or trailing words asked startsWith or endsWith", () => {
    const source = "export const f = (c: string) => [c.startsWith('prior-'), c.endsWith('-trace'), c.startsWith('rebuttal')];";
    expect(probe('src/probeD.ts', source)).toEqual([
      [1, 'condition', 'prior-pass'],
      [1, 'condition', 'prior-fail'],
      [1, 'condition', 'with-trace'],
      [1, 'condition', 'reveal-trace'],
      [1, 'condition', 'persuasive-trace'],
      [1, 'condition', 'rebuttal-unsupported'],
      [1, 'condition', 'rebuttal-evidence'],
    ]);
  });

  it("lets a member's own module and its registry speak of it, and no other member's module", () => {
    expect(probe('src/requests/conditions/probeOwn.ts', "export const own = { name: 'blind', applies: (c: { name: string }) => c.name === 'blind' };")).toEqual([]);
    expect(probe('src/requests/conditions/probeOther.ts', "export const other = { name: 'probe', x: (c: { name: string }) => c.name === 'blind' };")).toHaveLength(1);
    expect(probe('src/results/probeOwn.ts', "export const own = { name: 'blind', applies: (c: { name: string }) => c.name === 'blind' };")).toHaveLength(1);
  });

  it('lets a value typed as every member of an axis, a role constant of the registry, and names of nothing pass', () => {
    const source = [
      "import type { FixtureKindName } from './fixtures/kinds/index.js';",
      "import { SEALED_CONDITION } from './requests/conditions/index.js';",
      'export function f(a: FixtureKindName, b: FixtureKindName, c: string, w: { kind: string }, run: () => void) {',
      "  if (w.kind === 'file-order' || c.startsWith('pri') || c.endsWith('ace')) run();",
      '  return [a === b, c === SEALED_CONDITION];',
      '}',
    ].join('\n');
    expect(probe('src/probeE.ts', source)).toEqual([]);
  });
});
