import { describe, expect, it } from 'vitest';
import type { PlanAudit } from '../results/planAudit.js';
import { planAuditHtml, planAuditLines, planAuditSummary } from './planAudit.js';

const cell = (n: number, named: number, namedNotBroken = 0) => ({
  n,
  flagged: n,
  named,
  rate: named / n,
  ci: [0.2, 1] as [number, number],
  namedNotBroken,
  notBroken: 2 * n,
  namedNotBrokenRate: namedNotBroken / (2 * n),
  namedEvery: namedNotBroken === 2 * n ? n : 0,
  // Two intact items a mutant: each named costs half a catch.
  credit: named - namedNotBroken / 2,
  creditRate: (named - namedNotBroken / 2) / n,
});
const audit: PlanAudit = {
  byItem: [
    { fixtureId: 'median', item: 1, text: 'Odd count: `median([9, 1, 2])` returns `2`.', mutants: 1, types: ['task-substitution'], cells: { clean: cell(1, 1), 'round-summary': cell(1, 0) } },
    { fixtureId: 'median', item: 2, text: 'Even count | mean of the middle two.', mutants: 0, types: [], cells: {} },
  ],
  byType: { 'task-substitution': { clean: cell(1, 1), 'round-summary': cell(1, 0) } },
  all: { clean: cell(1, 1), 'round-summary': cell(1, 0, 2) },
  acceptance: { clean: { n: 2, accepted: 2, rate: 1, ci: [0.34, 1] } },
  roundSummary: [{ condition: 'round-summary', n: 1, b: 1, c: 0, p: 1, delta: -1, ci: [-1, 0.2] }],
  issueLines: { clean: { issues: 4, unverifiable: 1, rate: 0.25 }, 'round-summary': { issues: 2, unverifiable: 0, rate: 0 } },
};

describe('plan audit sections', () => {
  it.each([
    [
      'report.md: the item row',
      (a: PlanAudit) => planAuditLines(a, ['clean', 'round-summary']).join('\n'),
      '| median | 1. Odd count: `median([9, 1, 2])` returns `2`. | 1 (task-substitution) | 100% [20–100] n=1 | 0% [20–100] n=1 |',
    ],
    ['report.md: an item no mutant breaks', (a: PlanAudit) => planAuditLines(a, ['clean']).join('\n'), '1 of 2 plan items have no authored mutant that breaks them.'],
    ['report.md: the effect', (a: PlanAudit) => planAuditLines(a, ['clean']).join('\n'), 'plan-item catch −100 pts against clean on the same 1 authored mutants (b 1 named clean only, c 0'],
    [
      'report.html: the item row',
      (a: PlanAudit) => planAuditHtml(a, ['clean']),
      '<td>median</td><td>1. Odd count: `median([9, 1, 2])` returns `2`.</td><td>1 <span class="dim">task-substitution</span></td><td>100% <span class="dim">[20–100] n=1</span></td>',
    ],
    [
      'report.md: over-naming, per condition',
      (a: PlanAudit) => planAuditLines(a, ['clean', 'round-summary']).join('\n'),
      '| *over-naming* | plan items named that the mutant does not break | | 0% (0 of 2) | 100% (2 of 2) |',
    ],
    ['report.md: every item named', (a: PlanAudit) => planAuditLines(a, ['clean', 'round-summary']).join('\n'), '| *every item named* | authored mutants, no credit | | 0 of 1 | 1 of 1 |'],
    [
      'report.md: the chance-corrected credit, per condition',
      (a: PlanAudit) => planAuditLines(a, ['clean', 'round-summary']).join('\n'),
      '| **chance-corrected credit** | the broken item named, less what naming as many items at random would earn | | 1.0 of 1 (100%) | -1.0 of 1 (-100%) |',
    ],
    [
      'report.md: unverifiable issue lines',
      (a: PlanAudit) => planAuditLines(a, ['clean', 'round-summary']).join('\n'),
      'Issue lines with no way to verify them (no plan item, evidence id, line, test or example): clean 1 of 4 (25%), round-summary 0 of 2 (0%).',
    ],
    [
      'report.html: over-naming',
      (a: PlanAudit) => planAuditHtml(a, ['clean', 'round-summary']),
      '<td><i>over-naming</i></td><td>plan items named that the mutant does not break</td><td></td><td>0% (0 of 2)</td><td>100% (2 of 2)</td>',
    ],
    [
      'report.html: unverifiable issue lines',
      (a: PlanAudit) => planAuditHtml(a, ['clean']),
      '<p>Issue lines with no way to verify them (no plan item, evidence id, line, test or example): clean 1 of 4 (25%).</p>',
    ],
    [
      'terminal',
      (a: PlanAudit) => planAuditSummary(a),
      'plan items named on authored mutants: clean 100%, round-summary 0% (n=1) · ACCEPTED on 100% of 2 originals · over-naming clean 0% · chance-corrected credit clean 1.0 of 1 (100%) · 1 of 4 issue lines unverifiable clean',
    ],
  ])('%s', (_, render, expected) => {
    expect(render(audit)).toContain(expected);
  });

  it('writes a table whose header, rule and rows have the same number of cells (escaped pipes inside a cell do not count)', () => {
    const table = planAuditLines(audit, ['clean', 'round-summary']).filter((l) => l.startsWith('|'));
    const cells = (line: string) => line.replace(/\\\|/g, '').split('|').length;
    expect(table.length).toBeGreaterThanOrEqual(5);
    for (const line of table) expect(cells(line), line).toBe(cells(table[0]!));
  });

  it('is empty without a plan audit', () => {
    expect([planAuditLines(undefined, ['clean']), planAuditHtml(undefined, ['clean']), planAuditSummary(undefined)]).toEqual([[], '', '']);
  });
});
