import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';

afterEach(() => vi.restoreAllMocks());

/** What `critic-audit COMMAND --help` prints. */
async function helpOf(command: string): Promise<string> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  expect(await main([command, '--help'])).toBe(0);
  return log.mock.calls.flat().join('\n');
}

/** The exit codes a help text lists: each number that opens an entry of its "Exit codes" paragraph. */
const listedCodes = (help: string) => [...help.slice(help.indexOf('Exit codes')).matchAll(/(?:^|[:,;] |\n)(\d+) /g)].map((m) => Number(m[1]));

describe('each command’s --help lists only the exit codes it returns', () => {
  it('init: 0 written, 2 bad input; never a gate (1), an unreachable critic (3) or an interrupt (130)', async () => {
    const help = await helpOf('init');
    expect(help).toContain('Exit codes: 0 starter audit written, 2 bad input (an unknown --kind, or files already in the folder; nothing written).');
    expect(listedCodes(help)).toEqual([0, 2]);
  });

  it.each([
    ['run', [0, 1, 2, 3, 130]],
    ['report', [0, 1, 3, 130, 2]],
    ['plan', [0, 2]],
    ['check', [0, 2]],
    ['cache', [0, 1, 2]],
    ['check-request', [0, 1, 2]],
    ['canary', [0, 2]],
  ])('%s: %j', async (command, codes) => {
    expect(listedCodes(await helpOf(command))).toEqual(codes);
  });
});
