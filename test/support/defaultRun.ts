import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { filesBelow, hashFiles } from './sharedAcrossWorkers.js';

/** What `critic-audit run --no-cache --out DIR` on the bundled default config did. */
export interface DefaultRunResult {
  /** The run folder (DIR): read it, never write into it, as other spec files share it. */
  out: string;
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The CLI's main, started as `bin/critic-audit.js` starts it but without the
 * heap policy the bin sets (src/util/leanHeap.ts): the policy trades about a
 * third more CPU for memory, 52 s of CPU instead of 38 s on this run, and the
 * suite's time is CPU on CI's two cores. leanHeap.spec checks the policy on a
 * process of its own.
 */
const MAIN = pathToFileURL(join(PACKAGE_ROOT, 'dist', 'src', 'cli', 'main.js')).href;
const ENTRY = ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(MAIN)}); process.exitCode = await main(process.argv.slice(1));`];
const POLL_MS = 250;
/** Longest a spec waits for another process's run before giving up. */
const WAIT_MS = 10 * 60_000;
/** A lock this old with no `done` marker belongs to a run that will never finish. */
const STALE_MS = 15 * 60_000;
/** Finished runs of other builds older than this are deleted when a new run starts. */
const KEEP_MS = 6 * 60 * 60_000;
const PREFIX = 'critic-audit-default-run-';

let mine: Promise<DefaultRunResult> | undefined;

/** The run folder of the bundled default audit, run at most once for all spec files of a test session. */
export async function defaultRun(): Promise<string> {
  return (await defaultRunResult()).out;
}

/**
 * The bundled default audit, run once across vitest's worker processes: the
 * first caller takes an atomic `mkdir` lock in the temp folder and runs it,
 * recording the exit code, stdout and stderr and then a `done` marker; every
 * other caller polls for that marker. The lock's name hashes what the run's
 * result depends on (the config, the fixtures, the prompts, the CLI's build
 * under dist/ by its newest mtime, the Node version), so a rebuild or an edit
 * runs it afresh. A lock left by a process that died mid-run is taken over.
 */
export function defaultRunResult(): Promise<DefaultRunResult> {
  return (mine ??= acquire());
}

async function acquire(): Promise<DefaultRunResult> {
  const lock = join(tmpdir(), `${PREFIX}${inputsHash()}`);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const result = readResult(lock);
    if (result) return result;
    if (tryMkdir(lock)) return run(lock);
    if (isStale(lock)) takeOver(lock);
    if (Date.now() > deadline) throw new Error(`critic-audit: gave up after ${WAIT_MS / 1000} s waiting for the default audit run locked at ${lock}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function run(lock: string): Promise<DefaultRunResult> {
  writeFileSync(join(lock, 'owner.json'), JSON.stringify({ pid: process.pid, startedAt: Date.now() }));
  removeOldRuns(lock);
  const out = join(lock, 'out');
  let recorded: Omit<DefaultRunResult, 'out'>;
  try {
    // The README's command, on the bundled default config: offline, no API key.
    recorded = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [...ENTRY, 'run', '--no-cache', '--out', out], { cwd: PACKAGE_ROOT, env: { ...process.env, FORCE_COLOR: '0' } });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  } catch (error) {
    recorded = { status: null, stdout: '', stderr: `cannot run ${MAIN}: ${(error as Error).message}` };
  }
  writeFileSync(join(lock, 'result.json'), JSON.stringify(recorded));
  writeFileSync(join(lock, 'done'), new Date().toISOString());
  return { out, ...recorded };
}

function readResult(lock: string): DefaultRunResult | undefined {
  if (!existsSync(join(lock, 'done'))) return undefined;
  const recorded = JSON.parse(readFileSync(join(lock, 'result.json'), 'utf8')) as Omit<DefaultRunResult, 'out'>;
  return { out: join(lock, 'out'), ...recorded };
}

function tryMkdir(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** No `done` yet, and the owner is gone (or, having written nothing, the lock is old). */
function isStale(lock: string): boolean {
  if (existsSync(join(lock, 'done'))) return false;
  let owner: { pid: number; startedAt: number } | undefined;
  try {
    owner = JSON.parse(readFileSync(join(lock, 'owner.json'), 'utf8'));
  } catch {
    owner = undefined; // being set up, or the owner died before writing it
  }
  try {
    if (!owner) return Date.now() - statSync(lock).mtimeMs > STALE_MS;
    return !alive(owner.pid) || Date.now() - owner.startedAt > STALE_MS;
  } catch {
    return false; // the lock just went away: the next round sees why
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves a stale lock aside so that `mkdir` can be won again. A `takeover`
 * folder inside it, itself made atomically, lets only one process do so, and
 * that process checks again that the lock is stale: it may meanwhile be a new
 * owner's.
 */
function takeOver(lock: string): void {
  const takeover = join(lock, 'takeover');
  try {
    if (!tryMkdir(takeover)) {
      // Left by a process that died while taking over: clear it for the next round.
      if (Date.now() - statSync(takeover).mtimeMs > 60_000) rmSync(takeover, { recursive: true, force: true });
      return;
    }
  } catch {
    return; // the lock went away meanwhile
  }
  if (!isStale(lock)) {
    rmSync(takeover, { recursive: true, force: true });
    return;
  }
  const aside = `${lock}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(lock, aside);
  } catch {
    return;
  }
  rmSync(aside, { recursive: true, force: true });
}

/** Finished default runs of other builds, and locks moved aside, once they are old: each holds a ~10 MB run folder. */
function removeOldRuns(lock: string): void {
  for (const name of readdirSync(tmpdir())) {
    const dir = join(tmpdir(), name);
    if (!name.startsWith(PREFIX) || dir === lock) continue;
    try {
      const marker = name.includes('.stale-') ? dir : join(dir, 'done');
      if (Date.now() - statSync(marker).mtimeMs > KEEP_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // not finished, or already gone
    }
  }
}

/** What the default run's result depends on. */
function inputsHash(): string {
  const hash = createHash('sha256');
  hash.update(`${PACKAGE_ROOT}\0${process.version}\0`);
  hashFiles(hash, ['critic.config.yaml', 'package.json', 'package-lock.json', 'bin/critic-audit.js', ...filesBelow('fixtures'), ...filesBelow('prompts')]);
  const dist = filesBelow('dist').map((file) => statSync(join(PACKAGE_ROOT, file), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  hash.update(`dist ${dist.length} ${Math.max(0, ...dist)}`);
  return hash.digest('hex').slice(0, 16);
}
