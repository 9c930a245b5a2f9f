import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

/** The CLI run in this process, its console quiet: the exit code and what it printed to stderr. */
export async function runCli(...argv: string[]): Promise<{ code: number; stderr: string }> {
  const errors: string[] = [];
  const err = vi.spyOn(console, 'error').mockImplementation((...parts) => void errors.push(parts.join(' ')));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    return { code: await main(argv), stderr: errors.join('\n') };
  } finally {
    err.mockRestore();
    log.mockRestore();
  }
}

/** Every file below a folder, for specs that grep a whole run folder. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}
