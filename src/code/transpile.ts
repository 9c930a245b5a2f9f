import type { ts as Ts } from 'ts-morph';
import { ts } from '../util/tsMorph.js';
import { RecentResults } from '../util/recentResults.js';
import { STEP_FUNCTION } from './sandboxChild.js';

/**
 * ts.transpileModule's options for our target: each file on its own, no
 * types checked (`noCheck`), nothing but JavaScript emitted. Written out
 * because the sources are transpiled in one program (transpileTogether): the
 * output is what transpileModule gives each one alone (a spec holds it to that).
 */
const compilerOptions = (): Ts.CompilerOptions => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  isolatedModules: true,
  noLib: true,
  noResolve: true,
  noCheck: true,
  noEmit: false,
  declaration: false,
  sourceMap: false,
  suppressOutputPathCheck: true,
  allowNonTsExtensions: true,
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
const countedScripts = new RecentResults<Script>(2_000);
/** Made at the first instrumented script, not on import: it loads the compiler, which a run of text alone never needs. */
let printer: Ts.Printer | undefined;

/**
 * Transpiles a TypeScript artifact for the sandbox. Its `export` keywords are
 * cut out of the source first: a file with no module syntax left transpiles
 * to a plain script, so check expressions can call its functions as globals.
 */
export function toScript(source: string): Script {
  return scripts.get(source, () => transpileTogether([source])[0]!);
}

/**
 * toScript of many sources at once: those not transpiled yet are transpiled
 * together in one program. A program of its own per source cost four times
 * as much (the compiler's set-up, a type checker included, per program): a
 * code suite's label check transpiles every mutant.
 */
export function toScripts(sources: readonly string[]): Script[] {
  const missing = [...new Set(sources)].filter((source) => scripts.peek(source) === undefined);
  const fresh = new Map(transpileTogether(missing).map((script, i) => [missing[i]!, script]));
  return sources.map((source) => scripts.get(source, () => fresh.get(source) ?? transpileTogether([source])[0]!));
}

/**
 * toScript, with a call to the sandbox's step counter (STEP_FUNCTION) at the
 * start of every loop iteration (while, do-while, for, for-in, for-of) and of
 * every function, method, accessor, constructor and arrow function body, so
 * that a program run with step limits is cut off after a number of steps
 * rather than a time (a call before `super()` is allowed: it does not touch
 * `this`). Only for programs run with `stepLimits`: elsewhere the counter is
 * not defined.
 */
export function toCountedScript(source: string): Script {
  return countedScripts.get(source, () => {
    // Counted in toScript's JavaScript, which run-examples and run_code also use: parsing and printing it again costs a
    // fifth of transpiling the TypeScript a second time.
    const script = toScript(source);
    return { code: countSteps(script.code), syntaxErrors: script.syntaxErrors };
  });
}

/** Each source with its exports cut out, as one program's files: its script and its syntax errors, in input order. */
function transpileTogether(sources: readonly string[]): Script[] {
  if (!sources.length) return [];
  const names = sources.map((_, i) => `/artifact-${i}.ts`);
  const files = new Map(names.map((name, i) => [name, ts.createSourceFile(name, stripExports(sources[i]!), ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS)]));
  const emitted = new Map<string, string>();
  const host: Ts.CompilerHost = {
    getSourceFile: (name) => files.get(name),
    writeFile: (name, text) => void emitted.set(name, text),
    getDefaultLibFileName: () => 'lib.d.ts',
    useCaseSensitiveFileNames: () => false,
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => '',
    getNewLine: () => '\n',
    fileExists: (name) => files.has(name),
    readFile: () => undefined,
  };
  const program = ts.createProgram(names, compilerOptions(), host);
  program.emit();
  const optionErrors = program.getOptionsDiagnostics();
  return names.map((name) => ({
    code: `"use strict";\n${emitted.get(name.replace(/\.ts$/, '.js')) ?? ''}`,
    syntaxErrors: [...program.getSyntacticDiagnostics(files.get(name)), ...optionErrors].map(describeDiagnostic),
  }));
}

/** toCountedScript's instrumentation: on the parsed script, so strings, comments and regexes are never touched. */
function countSteps(code: string): string {
  const file = ts.createSourceFile('artifact.js', code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
  const result = ts.transform(file, [countingSteps]);
  const counted = (printer ??= ts.createPrinter()).printFile(result.transformed[0]!);
  result.dispose();
  return counted;
}

function countingSteps(context: Ts.TransformationContext): Ts.Transformer<Ts.SourceFile> {
  const { factory } = context;
  const stepCall = () => factory.createCallExpression(factory.createIdentifier(STEP_FUNCTION), undefined, []);
  const step = () => factory.createExpressionStatement(stepCall());
  const counted = (body: Ts.Statement): Ts.Block => factory.createBlock([step(), ...(ts.isBlock(body) ? body.statements : ts.isEmptyStatement(body) ? [] : [body])], true);
  const countedBody = (body: Ts.Block): Ts.Block => factory.updateBlock(body, [step(), ...body.statements]);
  const visit = (node: Ts.Node): Ts.Node => {
    const inner = ts.visitEachChild(node, visit, context);
    if (ts.isWhileStatement(inner)) return factory.updateWhileStatement(inner, inner.expression, counted(inner.statement));
    if (ts.isDoStatement(inner)) return factory.updateDoStatement(inner, counted(inner.statement), inner.expression);
    if (ts.isForStatement(inner)) return factory.updateForStatement(inner, inner.initializer, inner.condition, inner.incrementor, counted(inner.statement));
    if (ts.isForInStatement(inner)) return factory.updateForInStatement(inner, inner.initializer, inner.expression, counted(inner.statement));
    if (ts.isForOfStatement(inner)) return factory.updateForOfStatement(inner, inner.awaitModifier, inner.initializer, inner.expression, counted(inner.statement));
    if (ts.isArrowFunction(inner) && !ts.isBlock(inner.body)) {
      // A concise body becomes `(step(), body)`: still an expression, so `this`, `arguments` and the value are unchanged.
      const body = factory.createParenthesizedExpression(factory.createComma(stepCall(), inner.body));
      return factory.updateArrowFunction(inner, inner.modifiers, inner.typeParameters, inner.parameters, inner.type, inner.equalsGreaterThanToken, body);
    }
    if (ts.isArrowFunction(inner) && ts.isBlock(inner.body)) {
      return factory.updateArrowFunction(inner, inner.modifiers, inner.typeParameters, inner.parameters, inner.type, inner.equalsGreaterThanToken, countedBody(inner.body));
    }
    if (ts.isFunctionDeclaration(inner) && inner.body) {
      return factory.updateFunctionDeclaration(inner, inner.modifiers, inner.asteriskToken, inner.name, inner.typeParameters, inner.parameters, inner.type, countedBody(inner.body));
    }
    if (ts.isFunctionExpression(inner)) {
      return factory.updateFunctionExpression(inner, inner.modifiers, inner.asteriskToken, inner.name, inner.typeParameters, inner.parameters, inner.type, countedBody(inner.body));
    }
    if (ts.isMethodDeclaration(inner) && inner.body) {
      return factory.updateMethodDeclaration(inner, inner.modifiers, inner.asteriskToken, inner.name, inner.questionToken, inner.typeParameters, inner.parameters, inner.type, countedBody(inner.body));
    }
    if (ts.isConstructorDeclaration(inner) && inner.body) {
      return factory.updateConstructorDeclaration(inner, inner.modifiers, inner.parameters, countedBody(inner.body));
    }
    if (ts.isGetAccessorDeclaration(inner) && inner.body) {
      return factory.updateGetAccessorDeclaration(inner, inner.modifiers, inner.name, inner.parameters, inner.type, countedBody(inner.body));
    }
    if (ts.isSetAccessorDeclaration(inner) && inner.body) {
      return factory.updateSetAccessorDeclaration(inner, inner.modifiers, inner.name, inner.parameters, countedBody(inner.body));
    }
    return inner;
  };
  return (file) => ts.visitNode(file, visit, ts.isSourceFile);
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
