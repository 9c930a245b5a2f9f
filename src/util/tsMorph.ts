import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import type { ts as Ts } from 'ts-morph';
import { stableId } from './hash.js';
import { RecentResults } from './recentResults.js';

let loaded: typeof TsMorph | undefined;

/**
 * ts-morph takes about a second and 75 MB to load, so only a run that has code
 * fixtures pays for it: this loads it on first use (it is a CommonJS package,
 * so a synchronous require works from here).
 */
export function tsMorph(): typeof TsMorph {
  return (loaded ??= createRequire(import.meta.url)('ts-morph') as typeof TsMorph);
}

/** Stands in for one of ts-morph's exported objects, loading the library at the first property read. */
function lazyExport<K extends 'Node' | 'SyntaxKind' | 'ts'>(key: K): (typeof TsMorph)[K] {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy({} as (typeof TsMorph)[K], {
    get(_, property) {
      if (!bound.has(property)) {
        const target = tsMorph()[key] as unknown as Record<PropertyKey, unknown>;
        const value = target[property];
        bound.set(property, typeof value === 'function' ? value.bind(target) : value);
      }
      return bound.get(property);
    },
  });
}

export const Node = lazyExport('Node');
export type Node = TsMorph.Node;
export const SyntaxKind = lazyExport('SyntaxKind');
export type SyntaxKind = TsMorph.SyntaxKind;
/** The TypeScript compiler API bundled with ts-morph. */
export const ts = lazyExport('ts');
export type { BinaryExpression, Expression, SourceFile } from 'ts-morph';

/** A syntax error in a TypeScript source: where it starts (0-based offset; 1-based line and column) and the compiler's message. */
export interface ParseError {
  offset: number;
  line: number;
  column: number;
  message: string;
}

/**
 * The syntax errors of a TypeScript source, as the compiler's parser reports
 * them (a missing brace, a stray token); types are not checked, so a source
 * written against DOM or Node types has none.
 */
export function syntaxErrors(source: string): ParseError[] {
  // What transpileModule reports (it parses at its default target, ES5), without its emit: the emit built a type
  // checker and printed JavaScript for every known-correct artifact of a fixture file, and was most of its load.
  const fileName = 'source.ts';
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES5);
  const host: Ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? file : undefined),
    writeFile: () => {},
    getDefaultLibFileName: () => 'lib.d.ts',
    useCaseSensitiveFileNames: () => false,
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => '',
    getNewLine: () => '\n',
    fileExists: (name) => name === fileName,
    readFile: () => undefined,
  };
  const program = ts.createProgram([fileName], { noLib: true, noResolve: true }, host);
  const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getOptionsDiagnostics()];
  return diagnostics.map((d) => {
    const offset = d.start ?? 0;
    const { line, character } = d.file ? d.file.getLineAndCharacterOfPosition(offset) : { line: 0, character: 0 };
    return { offset, line: line + 1, column: character + 1, message: ts.flattenDiagnosticMessageText(d.messageText, ' ') };
  });
}

/** A type error of a TypeScript source: where it starts (0-based offset; 1-based line), its code and the compiler's message. */
export interface TypeDiagnostic {
  offset: number;
  line: number;
  code: number;
  message: string;
}

/**
 * The type errors of each source under `tsc --strict` (ES2022, no DOM or Node
 * types). All sources are checked in one in-memory project, each as its own
 * module, so the standard library is parsed and bound once: check many
 * sources in one call, not one call each.
 */
export function strictTypeErrors(sources: readonly string[]): readonly (readonly TypeDiagnostic[])[] {
  // A process checks one suite's sources more than once (loading it for a dry run and then the run, or a test
  // worker's many audits of the bundled functions), and each check builds a program with the standard library.
  return typeErrorsOf.get(stableId(...sources), () => Object.freeze(checkStrict(sources).map((errors) => Object.freeze(errors.map((e) => Object.freeze(e))))));
}

const typeErrorsOf = new RecentResults<readonly (readonly TypeDiagnostic[])[]>(64);

/**
 * One in-memory project for every check in the process: a check adds its sources, reads their diagnostics and removes
 * them, and the next program reuses the standard library's parsed and bound files (about 160 ms a check before, when
 * each built its own project, 45 ms after). Every source is made a module (an empty export after it: ts-morph's source
 * files do not take `moduleDetection`), so sources without an import or export (a function written as a script) do not
 * share one global scope; the line and offset of every diagnostic are the source's own.
 */
let strictProject: TsMorph.Project | undefined;

function checkStrict(sources: readonly string[]): TypeDiagnostic[][] {
  strictProject ??= new (tsMorph().Project)({
    useInMemoryFileSystem: true,
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      lib: ['lib.es2022.d.ts'],
      types: [],
    },
  });
  const project = strictProject;
  const files: TsMorph.SourceFile[] = [];
  try {
    // The same names every check: a source a failed check left behind would make the next one fail loudly ("already exists").
    for (const [i, source] of sources.entries()) files.push(project.createSourceFile(`/program-${i}.ts`, `${source}\nexport {};\n`));
    const program = project.getProgram().compilerObject;
    return files.map((sourceFile) => {
      const file = program.getSourceFile(sourceFile.getFilePath())!;
      return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
        .filter((d) => d.category === ts.DiagnosticCategory.Error)
        .map((d) => {
          const offset = d.start ?? 0;
          return { offset, line: file.getLineAndCharacterOfPosition(offset).line + 1, code: d.code, message: ts.flattenDiagnosticMessageText(d.messageText, ' ') };
        });
    });
  } finally {
    for (const file of files) project.removeSourceFile(file);
  }
}
