import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

const PREFIX = 'critic-audit-shared-';

/**
 * A value computed once for vitest's worker processes, through the temp folder: the first worker that needs it
 * computes it and writes it as JSON under a hash of what it is computed from (the files below `inputs`, the package
 * lock and the Node version); a worker that needs it later reads it. Two workers that need it at once each compute it
 * rather than one waiting with its core idle, and write the same text; the write is a rename, so a reader sees the
 * whole file or none. For plain data only (JSON drops undefined members).
 */
export function sharedAcrossWorkers<T>(name: string, inputs: readonly string[], compute: () => T): T {
  const file = join(tmpdir(), `${PREFIX}${name}-${inputsHash(inputs)}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    // not written yet by any worker of this build
  }
  const value = compute();
  removeOtherBuilds(name, file);
  const partial = `${file}.${process.pid}`;
  try {
    writeFileSync(partial, JSON.stringify(value));
    renameSync(partial, file);
  } catch {
    // A temp folder that cannot take it (full, read-only): the value is computed all the same, and the next worker computes its own.
    rmSync(partial, { force: true });
  }
  return value;
}

function inputsHash(inputs: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(`${process.version}\0`);
  hashFiles(hash, ['package-lock.json', ...inputs.flatMap(filesBelow)]);
  return hash.digest('hex').slice(0, 16);
}

/** Each file (a path relative to the package root) and its bytes, fed to `hash` in the order of their paths: what a result shared across workers is keyed by. */
export function hashFiles(hash: Hash, files: readonly string[]): void {
  for (const file of [...files].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(PACKAGE_ROOT, file)));
    hash.update('\0');
  }
}

/** Files under a folder of the package, relative to the package root; none when the folder is not there. */
export function filesBelow(dir: string): string[] {
  const root = join(PACKAGE_ROOT, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(dir, entry.parentPath.slice(root.length), entry.name));
}

/**
 * The same value of earlier builds, and files a worker that died mid-write left: each is a few MB, and an edit would
 * otherwise leave one behind per test run. One another user owns stays where it is.
 */
function removeOtherBuilds(name: string, keep: string): void {
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    if (!entry.startsWith(`${PREFIX}${name}-`) || path === keep) continue;
    try {
      rmSync(path, { force: true });
    } catch {
      // not ours to remove
    }
  }
}
