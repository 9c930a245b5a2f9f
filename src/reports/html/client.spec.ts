import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CLIENT_JS } from './client.js';

/** The ES and DOM declarations, parsed once for every program below. */
const libs = new Map<string, ts.SourceFile | undefined>();

/** The names the embedded script uses but neither declares nor finds among a browser's globals (ES2022 and the DOM, no Node). */
function unresolvedNames(script: string): string[] {
  const file = '/page/client.js';
  const options: ts.CompilerOptions = { allowJs: true, checkJs: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === file ? script : readFile(name));
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  host.getSourceFile = (name, version) => {
    if (name === file) return ts.createSourceFile(name, script, version);
    if (!libs.has(name)) libs.set(name, getSourceFile(name, version));
    return libs.get(name);
  };
  const program = ts.createProgram([file], options, host);
  // "Cannot find name 'x'", with or without a suggestion (did you mean, install @types/node).
  return program.getSemanticDiagnostics(program.getSourceFile(file)).flatMap((d) => /^Cannot find name '([^']+)'/.exec(ts.flattenDiagnosticMessageText(d.messageText, '\n'))?.[1] ?? []);
}

describe("report.html's script", () => {
  it('is the compiled drill-down, needing nothing but its argument and the browser: no module-scope name, no import, no Node global', () => {
    expect(unresolvedNames(CLIENT_JS)).toEqual([]);
    expect(CLIENT_JS).toMatch(/^'use strict';\n\(function drillDown\(letters\) \{/);
  });

  it('reports a name the script would not find in the browser', () => {
    expect(unresolvedNames(`${CLIENT_JS}\nBuffer.from(OUTCOME_LETTER);`)).toEqual(['Buffer', 'OUTCOME_LETTER']);
  });
});
