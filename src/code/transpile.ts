import type { ts as Ts } from 'ts-morph';
import { ts } from '../util/tsMorph.js';
import { RecentResults } from '../util/recentResults.js';

const compilerOptions = (): Ts.CompilerOptions => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  isolatedModules: true,
  noLib: true,
  noResolve: true,
});

export interface Script {
  /** Strict-mode classic script for a vm context: the artifact's top-level functions become its globals. */
  readonly code: string;
  /** Syntax errors as "line:column message"; empty when the artifact parses. Type errors are not checked. */
  readonly syntaxErrors: readonly string[];
}

/**
 * The last few thousand artifacts' scripts, by source: the label check, run-examples, plan-check and review-check
 * each run the same code item, and run-examples runs it under every condition; transpiling was most of that time.
 */
const scripts = new RecentResults<Script>(2_000);

/**
 * Transpiles a TypeScript artifact for the sandbox. Its `export` keywords are
 * cut out of the source first: a file with no module syntax left transpiles
 * to a plain script, so check expressions can call its functions as globals.
 */
export function toScript(source: string): Script {
  return scripts.get(source, () => transpile(source));
}

function transpile(source: string): Script {
  const { outputText, diagnostics = [] } = ts.transpileModule(stripExports(source), {
    compilerOptions: compilerOptions(),
    fileName: 'artifact.ts',
    reportDiagnostics: true,
  });
  return { code: `"use strict";\n${outputText}`, syntaxErrors: diagnostics.map(describeDiagnostic) };
}

function stripExports(source: string): string {
  const file = ts.createSourceFile('artifact.ts', source, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  let out = '';
  let from = 0;
  for (const statement of file.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    const keyword = modifiers?.find((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!keyword) continue;
    out += source.slice(from, keyword.getStart(file));
    from = keyword.getEnd();
  }
  return out + source.slice(from);
}

function describeDiagnostic(d: Ts.Diagnostic): string {
  const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
  return `${at ? `${at.line + 1}:${at.character + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
}
