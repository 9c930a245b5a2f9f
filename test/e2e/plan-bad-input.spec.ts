import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.js';
import { CODE_FIXTURES, TEXT_FIXTURES } from '../support/planSuite.js';

/** Bad plans and authored mutants stop `run` with exit 2, naming the fixture file, the line and the field, before anything is reviewed. */
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-plan-bad-'));

/** The 1-based line of the first line of `text` that contains `marker` (after `after`, when given). */
function lineOf(text: string, marker: string, after = ''): number {
  const lines = text.split('\n');
  const from = after ? lines.findIndex((l) => l.includes(after)) : 0;
  return lines.findIndex((l, i) => i >= from && l.includes(marker)) + 1;
}

const TEXT_DUPLICATE = TEXT_FIXTURES.replace('- item: 2', '- item: 1');
const TEXT_NO_ITEM = TEXT_FIXTURES.replace('breaks: 3', 'breaks: 9');
const CODE_IDENTICAL = CODE_FIXTURES.replace('xs.slice()', '[...xs]');
const TEXT_NO_CONTRADICTION = TEXT_FIXTURES.replace('        contradicts: Carry-over requests are approved by the People Team.\n', '');
const CODE_PLAN_LEAKS_CHECK = CODE_FIXTURES.replace('`median([6, 2])` returns `4`', '`median([2,1])` returns `1.5`');
const TEXT_CONTRADICTS_NOTHING = TEXT_FIXTURES.replace('are approved by the Finance Team', 'are signed off by the People Team');
const TEXT_OMISSION_STILL_STATED = TEXT_FIXTURES.replace('Days above the cap are forfeited.\n', 'Days above the cap are lost on 31 March.\n');

describe('bad plans and authored mutants exit 2 naming file, line and field', () => {
  it.each([
    ['duplicate plan item numbers', TEXT_DUPLICATE, 'fixtures[0].acceptance[1].item', () => lineOf(TEXT_DUPLICATE, '- item: 1', "text: 'States the carry-over cap"), /duplicate plan item number 1/],
    ['breaks naming an item that does not exist', TEXT_NO_ITEM, 'fixtures[0].mutants[0].breaks', () => lineOf(TEXT_NO_ITEM, 'breaks: 9'), /plan item 9 does not exist/],
    [
      'an authored mutant identical to the original',
      CODE_IDENTICAL,
      'fixtures[0].mutants[2].artifact',
      () => lineOf(CODE_IDENTICAL, 'artifact: |', 'id: slice-copy'),
      /"slice-copy" is identical to the reference artifact/,
    ],
    [
      'a code plan example that is one of the held-out checks',
      CODE_PLAN_LEAKS_CHECK,
      'fixtures[0].acceptance[1].text',
      () => lineOf(CODE_PLAN_LEAKS_CHECK, 'median([2,1])'),
      /held-out checks are never sent to a critic, and the plan is/,
    ],
    [
      'a text mutant with neither a contradicted evidence quote nor an omission',
      TEXT_NO_CONTRADICTION,
      'fixtures[0].mutants[1].type',
      () => lineOf(TEXT_NO_CONTRADICTION, 'type: task-substitution'),
      /must name the evidence it contradicts/,
    ],
    [
      'a text mutant that does not contradict the evidence it quotes',
      TEXT_CONTRADICTS_NOTHING,
      'fixtures[0].mutants[1].contradicts',
      () => lineOf(TEXT_CONTRADICTS_NOTHING, 'contradicts: Carry-over'),
      /authored mutant "finance": the mutant does not contradict the quoted evidence/,
    ],
    [
      'a requirement-omission that still states its item\u2019s phrase',
      TEXT_OMISSION_STILL_STATED,
      'fixtures[0].mutants[0].artifact',
      () => lineOf(TEXT_OMISSION_STILL_STATED, 'artifact: Employees', 'id: no-deadline'),
      /still states "31 March"/,
    ],
  ])('%s', async (name, fixtures, field, line, message) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
    writeFileSync(file, fixtures);
    const config = join(dir, `${name.replace(/\W+/g, '-')}.config.yaml`);
    writeFileSync(config, `fixtures: [${JSON.stringify(file)}]\nmutators: [number-flip]\ncritic: {provider: builtin:plan-check}\n`);
    const { code, stderr } = await runCli('run', '--no-cache', '--config', config, '--out', join(dir, `run-${name.replace(/\W+/g, '-')}`));
    expect(code).toBe(2);
    expect(stderr).toContain(`${file}:${line()} (${field})`);
    expect(stderr).toMatch(message);
  });
});
