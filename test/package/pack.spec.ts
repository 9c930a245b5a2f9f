import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, posix, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_FILE } from '../../src/config/load.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/**
 * What `npm pack` puts in the package (issue 28, item 3): the built CLI and
 * everything it reads at run time, nothing else. The dry run lists the files
 * of today's dist/ (the build `npm test` runs first); scripts are not run, as
 * `prepack` empties dist/, which other specs of the run are using.
 */

interface PackedFile {
  path: string;
}

let packed: Set<string>;
const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; dependencies: Record<string, string> };

beforeAll(() => {
  const [report] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PACKAGE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as [
    { files: PackedFile[] },
  ];
  packed = new Set(report.files.map((f) => f.path));
}, 60_000);

/** Every file below a folder of the checkout, as package paths. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(PACKAGE_ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(PACKAGE_ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const STATIC_IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;
const DYNAMIC_IMPORT = /\bimport\('([^']+)'\)|\bcreateRequire\(import\.meta\.url\)(?:\.resolve)?\('([^']+)'\)/g;

/** What a shipped module imports or requires, by specifier. */
function specifiers(file: string): string[] {
  const text = readFileSync(join(PACKAGE_ROOT, file), 'utf8');
  return [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map((m) => (m[1] ?? m[2])!);
}

/** The package a bare specifier names: `@scope/name` or `name`, without the path inside it. */
function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

describe('npm pack', () => {
  it('holds the bin and the built CLI it starts', () => {
    for (const bin of Object.values(manifest.bin)) {
      expect(packed).toContain(posix.normalize(bin));
      for (const target of specifiers(bin)) expect(packed, `${bin} imports ${target}`).toContain(posix.join(posix.dirname(bin), target));
    }
    expect(packed).toContain('dist/src/cli/main.js');
  });

  it('holds every module the shipped modules import, and each package they import is a dependency', () => {
    const modules = [...packed].filter((file) => file.endsWith('.js'));
    const missing: string[] = [];
    const undeclared: string[] = [];
    for (const file of modules) {
      for (const specifier of specifiers(file)) {
        if (specifier.startsWith('.')) {
          const target = posix.join(posix.dirname(file), specifier);
          if (!packed.has(target)) missing.push(`${file} -> ${target}`);
        } else if (!isBuiltin(specifier) && !(packageName(specifier) in manifest.dependencies)) undeclared.push(`${file} -> ${specifier}`);
      }
    }
    expect(modules.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
    expect(undeclared).toEqual([]);
  });

  it('holds the prompts, the bundled fixtures and the bundled config', () => {
    expect(packed).toContain(relative(PACKAGE_ROOT, DEFAULT_TEMPLATE_FILE).split('\\').join('/'));
    for (const file of [...filesUnder('prompts'), ...filesUnder('fixtures'), 'critic.config.yaml']) expect(packed, file).toContain(file);
  });

  it("holds the report viewers: report.html's page and client code, and the mutation report's", () => {
    // The page's script is compiled from client/drillDown.ts; client.js embeds its text.
    for (const file of ['dist/src/reports/html/page.js', 'dist/src/reports/html/client.js', 'dist/src/reports/html/client/drillDown.js', 'dist/src/reports/mutationReport.js'])
      expect(packed).toContain(file);
    // mutation.html inlines mutation-testing-elements' bundle, resolved from the installed package (createRequire), so it must be installed beside it.
    expect(specifiers('dist/src/reports/mutationReport.js')).toContain('mutation-testing-elements/dist/mutation-test-elements.js');
    expect(manifest.dependencies).toHaveProperty('mutation-testing-elements');
  });

  it('holds nothing else: no specs, tests, sources, source maps, benches or scripts', () => {
    const shipped = /^(package\.json|README\.md|critic\.config\.yaml|bin\/[^/]+\.js|dist\/(src|mutators)\/.+\.js|prompts\/.+\.md|fixtures\/.+)$/;
    expect([...packed].filter((file) => !shipped.test(file))).toEqual([]);
    expect([...packed].filter((file) => /\.(spec|test)\.|\.ts$|\.map$|(^|\/)(testing|test|bench|scripts)\//.test(file))).toEqual([]);
  });
});
