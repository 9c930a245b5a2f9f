import { createHash, type Hash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

const PREFIX = 'critic-audit-shared-';

/** One part of a value shared across workers: what it is named by, what it is computed from beyond the common inputs, and how. */
export interface SharedPart<T> {
  key: string;
  inputs: readonly string[];
  compute: () => T;
}

/**
 * A value computed once for vitest's worker processes, part by part, through the temp folder. Each part is written as
 * JSON under a hash of what it is computed from (the files below the common `inputs` and its own, the package lock and
 * the Node version). A worker reads the parts already written, claims each part no worker has claimed (a lock file
 * made exclusively) and computes it, then waits for the parts other workers are computing. So two workers that need
 * the value at once share its parts between them, and a worker that needs it later reads it. A claim whose process
 * has died is taken over. The write is a rename, so a reader sees a whole part or none. For plain data only (JSON
 * drops undefined members).
 */
export function sharedAcrossWorkers<T>(name: string, inputs: readonly string[], parts: readonly SharedPart<T>[]): T[] {
  const common = digestOf(`${process.version}\0`, ['package-lock.json', ...inputs]);
  const files = parts.map((part) => join(tmpdir(), `${PREFIX}${name}-${part.key}-${digestOf(common, part.inputs)}.json`));
  removeOtherBuilds(name, new Set(files));
  const values = new Map<number, T>();
  const pending: number[] = [];
  parts.forEach((part, i) => {
    const written = readPart<T>(files[i]!);
    if (written.found) values.set(i, written.value);
    else if (claim(files[i]!)) values.set(i, computeAndWrite(files[i]!, part.compute));
    else pending.push(i);
  });
  while (pending.length > 0) {
    for (const i of [...pending]) {
      const written = readPart<T>(files[i]!);
      if (written.found) values.set(i, written.value);
      else if (claim(files[i]!)) values.set(i, computeAndWrite(files[i]!, parts[i]!.compute));
      else continue;
      pending.splice(pending.indexOf(i), 1);
    }
    if (pending.length > 0) sleep(100);
  }
  return parts.map((_, i) => values.get(i)!);
}

function readPart<T>(file: string): { found: true; value: T } | { found: false } {
  try {
    return { found: true, value: JSON.parse(readFileSync(file, 'utf8')) as T };
  } catch {
    // not written yet by any worker of this build
    return { found: false };
  }
}

/** Takes the part for this process: its lock file made exclusively, or taken over from a process that died holding it. */
function claim(file: string): boolean {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch {
      if (holderAlive(lock)) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    // Removed as we looked (the part is written now), or a temp folder that takes no lock: not held.
    return false;
  }
  // A lock still empty is one another process is writing its pid into.
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds it.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function computeAndWrite<T>(file: string, compute: () => T): T {
  const value = compute();
  const partial = `${file}.${process.pid}`;
  try {
    writeFileSync(partial, JSON.stringify(value));
    renameSync(partial, file);
  } catch {
    // A temp folder that cannot take it (full, read-only): the value is computed all the same, and the next worker computes its own.
    rmSync(partial, { force: true });
  }
  rmSync(`${file}.lock`, { force: true });
  return value;
}

/** Blocks this worker for `ms` while another computes a part it needs: the spec that needs it can do nothing else. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A hash of `prefix` and the files at or below `inputs` (files or folders of the package). */
function digestOf(prefix: string, inputs: readonly string[]): string {
  const hash = createHash('sha256').update(prefix);
  hashFiles(
    hash,
    inputs.flatMap((input) => (existsSync(join(PACKAGE_ROOT, input)) && !statSync(join(PACKAGE_ROOT, input)).isDirectory() ? [input] : filesBelow(input))),
  );
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
 * The same value's parts of earlier builds: each is up to a few MB, and an edit would otherwise leave one behind per
 * test run. Files a worker that died mid-write left go with them; a lock of another build only when its holder has died. One another user owns stays where it is.
 */
function removeOtherBuilds(name: string, keep: ReadonlySet<string>): void {
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    // This build's parts, their locks and a write under way (the part's name and the writer's pid) stay.
    if (!entry.startsWith(`${PREFIX}${name}-`) || keep.has(path.replace(/\.(?:lock|\d+)$/, ''))) continue;
    if (path.endsWith('.lock') && holderAlive(path)) continue;
    try {
      rmSync(path, { force: true });
    } catch {
      // not ours to remove
    }
  }
}
