import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PACKAGE_ROOT } from '../util/packageRoot.js';

/** What a process knows about how it was started. */
export interface ProcessOrigin {
  /** The folder this copy of critic-audit is installed in (the one holding its package.json). */
  packageRoot: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * The command that starts this same copy of critic-audit from a shell in
 * `folder`, learnt from where it is installed and how it was started (never
 * a name that would ask the registry for a package nobody published):
 * - `critic-audit`, when that name on the user's PATH is this copy's bin (a global install);
 * - `npx --yes --package=SPEC critic-audit`, when npx installed it into its cache from SPEC (a tarball, a
 *   git URL): run from another folder, npx takes a tarball's cached copy for a missing package and asks
 *   before installing it again, or refuses where it cannot ask (`yes=false`);
 * - `npx critic-audit`, when it is a dependency of a project that holds `folder`;
 * - otherwise `node /path/to/bin/critic-audit.js`, which works from anywhere (a clone, say).
 */
export function commandFor(folder: string, origin: ProcessOrigin = currentProcess()): string {
  const bin = join(origin.packageRoot, 'bin', 'critic-audit.js');
  const onPath = firstOnPath('critic-audit', userPath(origin.env));
  if (onPath && realpathOrNull(onPath) === realpathOrNull(bin)) return 'critic-audit';
  const installedIn = installingProject(origin.packageRoot);
  if (installedIn) {
    const spec = npxCacheSpec(installedIn, origin.cwd);
    if (spec) return `npx --yes --package=${shellWord(spec)} critic-audit`;
    if (isInside(resolve(folder), installedIn)) return 'npx critic-audit';
  }
  return `node ${shellWord(bin)}`;
}

export function currentProcess(): ProcessOrigin {
  return { packageRoot: PACKAGE_ROOT, env: process.env, cwd: process.cwd() };
}

/**
 * The PATH a shell of the user's has. A package manager running a script or
 * npx puts its own folders first (every node_modules/.bin up from the working
 * folder, npx's cache; npm then its node-gyp-bin), gone once it exits.
 */
function userPath(env: NodeJS.ProcessEnv): string[] {
  const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH');
  const entries = (key ? env[key] : '')?.split(delimiter).filter(Boolean) ?? [];
  if (!env['npm_lifecycle_event']) return entries;
  const npmsLast = entries.map((dir) => basename(dir)).lastIndexOf('node-gyp-bin');
  if (npmsLast >= 0) return entries.slice(npmsLast + 1);
  return entries.filter((dir) => !dir.endsWith(join('node_modules', '.bin')));
}

function firstOnPath(name: string, dirs: readonly string[]): string | undefined {
  return dirs.map((dir) => join(dir, name)).find((file) => statOrNull(file)?.isFile());
}

/** The project whose node_modules holds the package, if it is installed as a dependency (…/node_modules/critic-audit). */
function installingProject(packageRoot: string): string | undefined {
  const parent = dirname(packageRoot);
  return basename(parent) === 'node_modules' ? dirname(parent) : undefined;
}

/**
 * The package spec npx installed from, when `project` is one of npx's cache
 * folders: npm records the specs it was given in that folder's package.json
 * (`_npx.packages`, the command's package first). A relative path is
 * relative to the folder npx ran in, which is this process's.
 */
function npxCacheSpec(project: string, cwd: string): string | undefined {
  let manifest: { _npx?: { packages?: unknown } };
  try {
    manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const spec = Array.isArray(manifest._npx?.packages) ? manifest._npx.packages[0] : undefined;
  if (typeof spec !== 'string') return undefined;
  const path = spec.replace(/^file:/, '');
  const isPath = spec.startsWith('file:') || /^\.{0,2}[\\/]/.test(spec) || isAbsolute(spec) || /\.(tgz|tar\.gz|tar)$/.test(spec);
  return isPath ? resolve(cwd, path) : spec;
}

function isInside(file: string, folder: string): boolean {
  const path = relative(folder, file);
  return path === '' || (!path.startsWith(`..${sep}`) && path !== '..' && !isAbsolute(path));
}

/** A word a POSIX shell reads back unchanged: single-quoted unless it is plain. */
export function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

function realpathOrNull(file: string): string | null {
  try {
    return realpathSync(file);
  } catch {
    return null;
  }
}
