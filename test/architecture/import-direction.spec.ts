import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/**
 * The layout as docs/architecture.md's Layout section draws it, lowest first: a folder
 * may import only the folders below it. Data flows up this list (fixtures ->
 * mutants -> requests -> reviews -> results -> measures -> reports), with the
 * shared foundations at the bottom and the assembly (config, audit, cli) on
 * top. Folders on one line are peers and must not import each other.
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['errors'],
  ['util'],
  ['statistics', 'text'],
  ['fixtures'],
  ['code'],
  ['mutators'],
  ['mutants'],
  ['requests'],
  ['reviews'],
  ['results'],
  ['baseline'],
  ['gates'],
  ['measures'],
  ['reports'],
  ['drift'],
  ['config'],
  ['audit'],
  ['canary'],
  ['cli'],
];

interface ImportEdge {
  from: string;
  to: string;
  file: string;
  target: string;
}

/** The folder a source file belongs to: `src/<folder>/...`, `src/<file>.ts` as its own, `mutators/`. */
function folderOf(file: string): string {
  const [top, second] = file.split('/');
  if (top !== 'src') return top!;
  return second!.replace(/\.ts$/, '');
}

/**
 * The imports of one source file (at `path` under the package root) that
 * cross into another folder: every form the compiler reads, `import ... from`
 * and `export ... from`, a side-effect `import './x.js'`, and a dynamic
 * `import('./x.js')` (also in a type), each with a relative path.
 */
function fileImports(path: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
    const target = normalize(join(dirname(path), fileName)).replace(/\.js$/, '.ts');
    const from = folderOf(path);
    const to = folderOf(target);
    if (from !== to) edges.push({ from, to, file: path, target });
  }
  return edges;
}

/** Every import between two folders of the shipped code (specs and test helpers are not part of the layout). */
function folderImports(root: string, tops: readonly string[] = ['src', 'mutators']): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        edges.push(...fileImports(path, readFileSync(join(root, path), 'utf8')));
      }
    }
  };
  for (const top of tops) walk(top);
  return edges;
}

/** The imports that run against the layering: to a folder on the same layer or above, or to a folder the layers do not name. */
function backEdges(edges: readonly ImportEdge[], layers = LAYERS): string[] {
  const layerOf = new Map(layers.flatMap((names, i) => names.map((name) => [name, i] as const)));
  const problems: string[] = [];
  for (const e of edges) {
    const from = layerOf.get(e.from);
    const to = layerOf.get(e.to);
    if (from === undefined || to === undefined) problems.push(`${e.file} -> ${e.target}: folder ${from === undefined ? e.from : e.to} is not in the layers; add it where it belongs`);
    else if (to >= from) problems.push(`${e.file} -> ${e.target}: ${e.from} may not import ${e.to} (${to === from ? 'peers' : `${e.to} is above ${e.from}`})`);
  }
  return problems;
}

/** Folder-level cycles, each as a path that returns to its start (Tarjan's strongly connected components). */
function folderCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)!) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) !== indices.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

describe('the import direction', () => {
  const edges = folderImports(PACKAGE_ROOT);

  it('reads the imports of the tree (a reader that finds none would pass anything)', () => {
    expect(edges.length).toBeGreaterThan(50);
    expect(edges).toContainEqual(expect.objectContaining({ from: 'reports', to: 'gates' }));
  });

  it('has every import run down the layers, and no folder-level cycle', () => {
    expect(backEdges(edges)).toEqual([]);
    expect(folderCycles(edges)).toEqual([]);
  });

  it('catches a back-edge and the cycle it closes', () => {
    const added: ImportEdge = { from: 'fixtures', to: 'reports', file: 'src/fixtures/load.ts', target: 'src/reports/types.ts' };
    expect(backEdges([...edges, added])).toEqual(['src/fixtures/load.ts -> src/reports/types.ts: fixtures may not import reports (reports is above fixtures)']);
    expect(folderCycles([...edges, added]).flat()).toEqual(expect.arrayContaining(['fixtures', 'reports']));
  });

  it('reads side-effect and dynamic imports as well as `from` imports, and catches a back-edge made by each', () => {
    const source = [
      "import type { Gate } from '../gates/gate.js';",
      "import '../reports/register.js';",
      "export { measures } from '../results/measures.js';",
      'export async function later() {',
      "  return (await import('../cli/main.js')).main;",
      '}',
      "type Store = import('../results/store.js').RunStore;",
      "const model = await import('wink-eng-lite-web-model');",
    ].join('\n');
    expect(backEdges(fileImports('src/fixtures/load.ts', source))).toEqual([
      'src/fixtures/load.ts -> src/gates/gate.ts: fixtures may not import gates (gates is above fixtures)',
      'src/fixtures/load.ts -> src/reports/register.ts: fixtures may not import reports (reports is above fixtures)',
      'src/fixtures/load.ts -> src/results/measures.ts: fixtures may not import results (results is above fixtures)',
      'src/fixtures/load.ts -> src/cli/main.ts: fixtures may not import cli (cli is above fixtures)',
      'src/fixtures/load.ts -> src/results/store.ts: fixtures may not import results (results is above fixtures)',
    ]);
  });

  it('names a folder the layers leave out, and peers that import each other', () => {
    expect(backEdges([{ from: 'cli', to: 'plugins', file: 'src/cli/main.ts', target: 'src/plugins/x.ts' }])).toEqual([
      'src/cli/main.ts -> src/plugins/x.ts: folder plugins is not in the layers; add it where it belongs',
    ]);
    expect(backEdges([{ from: 'text', to: 'statistics', file: 'src/text/claims.ts', target: 'src/statistics/wilson.ts' }])).toEqual([
      'src/text/claims.ts -> src/statistics/wilson.ts: text may not import statistics (peers)',
    ]);
  });
});
