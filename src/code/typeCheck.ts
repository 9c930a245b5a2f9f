import { tsMorph } from '../util/tsMorph.js';

/** The TypeScript version that judges, for cache keys. */
export const typeScriptVersion = (): string => tsMorph().ts.version;

/**
 * The type errors of each program under `tsc --strict` (ES2022, no DOM or
 * Node types), one message per error: "TS2322 (line 4): Type 'string' is not
 * assignable ...". All programs are checked in one in-memory project, each as
 * its own module, so the standard library is parsed and bound once.
 */
export function typeErrors(sources: readonly string[]): string[][] {
  const { Project, ts } = tsMorph();
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, lib: ['lib.es2022.d.ts'], types: [] },
  });
  const paths = sources.map((source, i) => project.createSourceFile(`/program-${i}.ts`, source).getFilePath());
  const program = project.getProgram().compilerObject;
  return paths.map((path) => {
    const file = program.getSourceFile(path)!;
    return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => `TS${d.code} (line ${d.start === undefined ? '?' : file.getLineAndCharacterOfPosition(d.start).line + 1}): ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  });
}
