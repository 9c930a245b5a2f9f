import { createHash, type Hash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeRegExp } from '../../src/util/escapeRegExp.js';
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
  removeOtherBuilds(name, parts, new Set(files));
  const values = new Map<number, T>();
  // Read, or claim and compute; a part another worker holds is read once it is written.
  const settle = (i: number): boolean => {
    const written = readPart<T>(files[i]!);
    if (written.found) values.set(i, written.value);
    else if (claim(files[i]!)) values.set(i, computeAndWrite(files[i]!, parts[i]!.compute));
    return values.has(i);
  };
  let pending = parts.map((_, i) => i).filter((i) => !settle(i));
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (pending.length > 0) {
    if (Date.now() > deadline)
      throw new Error(`sharedAcrossWorkers: parts ${pending.map((i) => parts[i]!.key).join(', ')} of ${name} held by another process for over ${WAIT_LIMIT_MS / 1000} s (${files[pending[0]!]}.lock)`);
    sleep(100);
    pending = pending.filter((i) => !settle(i));
  }
  return parts.map((_, i) => values.get(i)!);
}

/** How long a worker waits for a part another process holds: far longer than any part takes, short of a hung test run. */
const WAIT_LIMIT_MS = 10 * 60_000;

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
  // A lock still empty is one another process is writing its pid into, unless it has been empty for a minute (killed between
  // making the lock and writing to it).
  if (!pid) return Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs < 60_000;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds it.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function computeAndWrite<T>(file: string, compute: () => T): T {
  try {
    // Written by the worker that held the part just before this one claimed it.
    const written = readPart<T>(file);
    if (written.found) return written.value;
    const value = compute();
    const partial = `${file}.${process.pid}`;
    try {
      writeFileSync(partial, JSON.stringify(value));
      renameSync(partial, file);
    } catch {
      // A temp folder that cannot take it (full, read-only): the value is computed all the same, and the next worker computes its own.
      rmSync(partial, { force: true });
    }
    return value;
  } finally {
    // Released whether or not the part could be computed: a computation that throws leaves no lock to wait on.
    rmSync(`${file}.lock`, { force: true });
  }
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
 * The same parts of earlier builds (the same value's name and part's key under another hash): each is up to a few MB,
 * and an edit would otherwise leave one behind per test run. Files a worker that died mid-write left go with them; a
 * lock only when its holder has died. Parts this call does not name (another checkout's, or a run over other suites)
 * stay, and so does one another user owns.
 */
function removeOtherBuilds(name: string, parts: readonly { key: string }[], keep: ReadonlySet<string>): void {
  const partOf = new RegExp(`^${escapeRegExp(PREFIX + name)}-(.+)-[0-9a-f]{16}\\.json(?:\\.lock|\\.\\d+)?$`);
  const keys = new Set(parts.map((part) => part.key));
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    const key = partOf.exec(entry)?.[1];
    // This build's parts, their locks and a write under way (the part's name and the writer's pid) stay.
    if (key === undefined || !keys.has(key) || keep.has(path.replace(/\.(?:lock|\d+)$/, ''))) continue;
    if (path.endsWith('.lock') && holderAlive(path)) continue;
    try {
      rmSync(path, { force: true });
    } catch {
      // not ours to remove
    }
  }
}
