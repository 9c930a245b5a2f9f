import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_FILE } from '../../src/config/load.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/**
 * What `npm pack` puts in the package (issue 28, item 3): the built CLI and
 * everything it reads at run time, nothing else, and a package.json without
 * the `prepare` script (a tarball ships dist/ built). The pack runs for real,
 * lifecycle scripts included, in a copy of the checkout: `prepack` empties
 * the copy's dist/ and builds it again, here by copying today's dist/ (the
 * build `npm test` runs first; tsc again would cost a spec 20 s of CPU),
 * then writes the manifest the tarball carries, and `postpack` puts the
 * checkout's back.
 */

interface PackReport {
  files: Array<{ path: string }>;
  filename: string;
}

const manifestText = readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText) as { bin: Record<string, string>; dependencies: Record<string, string>; scripts: Record<string, string> };
/** The copy of the checkout that is packed. */
const copy = mkdtempSync(join(tmpdir(), 'critic-audit-pack-'));
let packed: Set<string>;
/** The package.json inside the tarball. */
let packedManifest: { scripts: Record<string, string> };

beforeAll(() => {
  for (const entry of ['package.json', 'README.md', 'critic.config.yaml', 'bin', 'prompts', 'fixtures', 'scripts']) cpSync(join(PACKAGE_ROOT, entry), join(copy, entry), { recursive: true });
  // npm puts the package's node_modules/.bin first on the scripts' PATH: prepack's `tsc` is this one.
  const tsc = join(copy, 'node_modules', '.bin', 'tsc');
  mkdirSync(join(copy, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(tsc, `#!/bin/sh\ncp -R ${JSON.stringify(join(PACKAGE_ROOT, 'dist'))} dist\n`);
  chmodSync(tsc, 0o755);
  const [report] = JSON.parse(execFileSync('npm', ['pack', '--json'], { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as [PackReport];
  packed = new Set(report.files.map((f) => f.path));
  packedManifest = JSON.parse(execFileSync('tar', ['-xzOf', join(copy, report.filename), 'package/package.json'], { encoding: 'utf8' }));
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

  it("carries the checkout's package.json without `prepare`, which the checkout keeps for git-URL installs and npm ci", () => {
    const { prepare, ...scripts } = manifest.scripts;
    expect(prepare).toBe('tsc -p tsconfig.json');
    expect(packedManifest).toEqual({ ...manifest, scripts });
    // postpack put the checkout's manifest back, byte for byte, and left nothing beside it.
    expect(readFileSync(join(copy, 'package.json'), 'utf8')).toBe(manifestText);
    expect(existsSync(join(copy, 'package.json.unpacked'))).toBe(false);
  });

  it("gets the checkout's package.json back after a pack that stopped before its postpack", () => {
    const script = join(copy, 'scripts', 'packed-manifest.mjs');
    execFileSync(process.execPath, [script, 'strip']);
    expect(JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).scripts).not.toHaveProperty('prepare');
    // The next pack strips the original again, not the stripped manifest; its postpack restores the original.
    execFileSync(process.execPath, [script, 'strip']);
    execFileSync(process.execPath, [script, 'restore']);
    expect(readFileSync(join(copy, 'package.json'), 'utf8')).toBe(manifestText);
    expect(existsSync(join(copy, 'package.json.unpacked'))).toBe(false);
  });

  it('holds nothing else: no specs, tests, sources, source maps, benches or scripts', () => {
    const shipped = /^(package\.json|README\.md|critic\.config\.yaml|bin\/[^/]+\.js|dist\/(src|mutators)\/.+\.js|prompts\/.+\.md|fixtures\/.+)$/;
    expect([...packed].filter((file) => !shipped.test(file))).toEqual([]);
    expect([...packed].filter((file) => /\.(spec|test)\.|\.ts$|\.map$|(^|\/)(testing|test|bench|scripts)\//.test(file))).toEqual([]);
  });
});
