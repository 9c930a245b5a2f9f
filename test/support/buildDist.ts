import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

const TSCONFIG = join(PACKAGE_ROOT, 'tsconfig.json');

/**
 * Vitest's global setup: builds dist/ with `tsc -p tsconfig.json` when it is
 * missing or older than its sources, so that `npx vitest run` in a fresh
 * clone runs the specs that start the CLI (bin/critic-audit.js imports
 * dist/) against the code under test. After `npm test`'s own tsc, or an
 * unchanged tree, it only compares modification times.
 */
export default function setup(): void {
  const before = staleOutputs();
  if (before.length === 0) return;
  console.log(`critic-audit: building dist/ with tsc -p tsconfig.json (${describe(before)})`);
  // tsconfig.json builds incrementally (npm test's second tsc after npm ci's): its build info would let tsc skip a
  // source whose text is unchanged but whose output is missing or older, so this build starts without it.
  rmSync(buildInfoFile(), { force: true });
  const tsc = spawnSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', TSCONFIG], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
  const after = staleOutputs();
  const diagnostics = `${tsc.stdout ?? ''}${tsc.stderr ?? ''}${tsc.error ? tsc.error.message : ''}`.trim();
  if (after.length > 0) throw new Error(`critic-audit: tsc -p tsconfig.json did not build dist/ (${describe(after)}):\n${diagnostics}`);
  // tsc emits despite type errors: the specs can run, and `npm test` (tsc first) is what fails on them.
  if (tsc.status !== 0) console.warn(`critic-audit: tsc -p tsconfig.json reported errors (dist/ was built; npm test fails on them):\n${diagnostics}`);
}

function parsedConfig(): ts.ParsedCommandLine {
  const { config, error } = ts.readConfigFile(TSCONFIG, ts.sys.readFile);
  if (error) throw new Error(`critic-audit: cannot read ${TSCONFIG}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  return ts.parseJsonConfigFileContent(config, ts.sys, PACKAGE_ROOT, undefined, TSCONFIG);
}

function buildInfoFile(): string {
  const file = parsedConfig().options.tsBuildInfoFile;
  if (file === undefined) throw new Error(`critic-audit: ${TSCONFIG} names no tsBuildInfoFile`);
  return file;
}

/** Each source tsconfig.json compiles whose .js under dist/ is missing, or older than the source or than tsconfig.json itself. */
function staleOutputs(): string[] {
  const parsed = parsedConfig();
  const configTime = statSync(TSCONFIG).mtimeMs;
  return parsed.fileNames.filter((source) => {
    const output = join(parsed.options.outDir!, relative(parsed.options.rootDir!, source)).replace(/\.ts$/, '.js');
    const built = statSync(output, { throwIfNoEntry: false })?.mtimeMs;
    return built === undefined || built < statSync(source).mtimeMs || built < configTime;
  });
}

function describe(stale: string[]): string {
  const first = relative(PACKAGE_ROOT, stale[0]!);
  return `dist/ lacks or predates the build of ${first}${stale.length > 1 ? ` and ${stale.length - 1} other source${stale.length > 2 ? 's' : ''}` : ''}`;
}
