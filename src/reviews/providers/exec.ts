import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { sha256Hex } from '../../util/hash.js';
import { RecentResults } from '../../util/recentResults.js';
import type { Critic } from '../critic.js';
import { entryKeys, providerSchema, toolsIdentity } from './entrySchema.js';
import { createExecCritic } from './execOneshot.js';
import { createPersistentExecCritic } from './execPersistent.js';
import { McpToolServer } from '../tools/mcp.js';
import type { Provider } from './types.js';

const schema = providerSchema('exec', {
  command: z.array(z.string().min(1)).min(1, 'command needs at least the program to run').describe("The program and its arguments (argv, no shell), run in the config file's folder."),
  mode: z.enum(['oneshot', 'persistent']).optional().describe('`oneshot` (default): a process per review; `persistent`: one process for the run, speaking JSON Lines.'),
  prompt: entryKeys.prompt,
  verdict: entryKeys.verdict,
  notFound: entryKeys.notFound,
  timeoutMs: entryKeys.timeoutMs,
  tools: entryKeys.tools,
});

/** A local command, run per review or kept for the run (`mode`). */
export const exec: Provider<typeof schema> = {
  name: 'exec',
  schema,
  // The mode is how reviews travel, not what the critic answers: it stays out of the identity, as the
  // transport of an openai critic does. (A script written for the other mode has its own hash anyway.)
  identity: (entry, { baseDir, templateHash }) => ({
    provider: 'exec',
    command: entry.command,
    scriptHashes: scriptHashes(entry.command, baseDir),
    templateHash,
    ...toolsIdentity(entry.tools),
  }),
  create(entry, context) {
    const create = entry.mode === 'persistent' ? createPersistentExecCritic : createExecCritic;
    const command = entry.command as [string, ...string[]];
    // With tools, the critic's reviews reach them over MCP too (the only way a oneshot process can).
    const mcp = entry.tools ? new McpToolServer() : undefined;
    const critic = create({ name: context.name, command, cwd: context.baseDir, timeoutMs: entry.timeoutMs ?? context.timeoutMs, identity: exec.identity(entry, context), mcp });
    // What `run --dry-run` shows: the object the program reads on stdin (one line of it, in persistent mode).
    const preview: NonNullable<Critic['preview']> = ({ reviewId, request, messages }) => ({
      method: 'stdin',
      url: command.join(' '),
      headers: {},
      body: JSON.stringify({ id: reviewId, request, messages }),
    });
    return Object.assign(critic, { preview });
  },
};

/**
 * Each file's hash by its path and what stat says of it: a process that creates many critics (a test suite running
 * audits in one process) reads an unchanged file once, though it is often the interpreter itself (~100 MB for node).
 * Any write changes the file's ctime, so an edited script is hashed afresh.
 */
const fileHashes = new RecentResults<string>(256);

/** Hashes of the files an exec command names (its script), so editing the script changes the critic's identity. */
function scriptHashes(command: readonly string[], baseDir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const arg of command) {
    const file = resolve(baseDir, arg);
    try {
      const stat = statSync(file, { bigint: true });
      if (stat.isFile()) hashes[arg] = fileHashes.get(`${file}\0${stat.dev}\0${stat.ino}\0${stat.size}\0${stat.mtimeNs}\0${stat.ctimeNs}`, () => contentHash(file, Number(stat.size)));
    } catch {
      // Not a file: an ordinary argument.
    }
  }
  return hashes;
}

/** Past this size a compiled program (an interpreter, a compiled critic) is hashed by its size and ends; scripts and data whole, whatever their size. */
const WHOLE_FILE_LIMIT = 4 * 1024 * 1024;
/** How much of each end of a binary is hashed with its size. */
const BINARY_ENDS = 1024 * 1024;
/** The first bytes of a compiled program: ELF, Mach-O (both byte orders, 32 and 64 bits, universal) and PE. */
const BINARY_MAGIC = [
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x4d, 0x5a],
];

/**
 * A file's hash, read whole for a script, a bundle or a data file of any size. A compiled program past the limit is
 * hashed by its size and its first and last megabyte: another build or version differs there (headers, section tables,
 * version strings), and reading all of node cost every `run` with an exec critic half a second of CPU before its first
 * review. A file that changes while it is read (fewer bytes than its size) is hashed by what was read.
 */
function contentHash(file: string, size: number): string {
  if (size <= WHOLE_FILE_LIMIT) return sha256Hex(readFileSync(file)).slice(0, 16);
  const [head, tail] = [Buffer.alloc(BINARY_ENDS), Buffer.alloc(BINARY_ENDS)];
  const fd = openSync(file, 'r');
  let read: [number, number];
  try {
    const first = readSync(fd, head, 0, BINARY_ENDS, 0);
    if (!BINARY_MAGIC.some((magic) => magic.every((byte, i) => head[i] === byte))) return sha256Hex(readFileSync(file)).slice(0, 16);
    read = [first, readSync(fd, tail, 0, BINARY_ENDS, size - BINARY_ENDS)];
  } finally {
    closeSync(fd);
  }
  return sha256Hex(Buffer.concat([Buffer.from(`${size}\0`), head.subarray(0, read[0]), tail.subarray(0, read[1])])).slice(0, 16);
}
