import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textFixture } from '../../../test/support/textFixture.js';
import { evidenceCorpora, passageId } from '../../requests/corpus.js';
import type { ToolOffer } from '../../requests/tools.js';
import { PACKAGE_ROOT } from '../../util/packageRoot.js';
import { sha256Hex } from '../../util/hash.js';
import { RUN_OUTPUT_CHARS } from './runCode.js';
import { createToolbox, DENIED } from './toolbox.js';

const inFolder = (folder: string, parts: Parameters<typeof textFixture>[0]) => ({ ...textFixture(parts), source: { file: `/suites/${folder}/answers.yaml`, line: 1 } });
const FIXTURES = [
  inFolder('policy', { id: 'leave', artifact: 'Staff accrue 28 days of leave a year.', evidence: 'Every employee accrues 28 days of paid annual leave per holiday year. Bank holidays are included.' }),
  inFolder('policy', { id: 'notice', artifact: 'Staff give 30 days notice.', evidence: 'Employees must give 30 days notice in writing before leaving. Managers give 60 days.' }),
  inFolder('policy', { id: 'hotels', artifact: 'Hotels cost at most 120 pounds a night.', evidence: 'A hotel may cost at most 120 pounds per night in London and 90 pounds elsewhere.' }),
  inFolder('other', { id: 'elsewhere', artifact: 'Refunds take 14 days.', evidence: 'Refunds are paid within 14 days of the leave request.' }),
];
const signal = new AbortController().signal;
const offer = (parts: Partial<ToolOffer> = {}): ToolOffer => ({ corpus: evidenceCorpora(FIXTURES).get('leave')!, code: false, decoys: false, maxCalls: 8, ...parts });

describe('the evidence corpus', () => {
  it("is its suite's: every fixture of the folder, none of another, each passage under an id that names neither", () => {
    const corpora = evidenceCorpora(FIXTURES);
    const policy = corpora.get('leave')!;
    expect(corpora.get('notice')).toBe(policy);
    expect(policy.passages.map((p) => p.fixtureId)).toEqual(['leave', 'notice', 'hotels']);
    expect(corpora.get('elsewhere')!.passages.map((p) => p.fixtureId)).toEqual(['elsewhere']);
    for (const p of policy.passages) {
      expect(p.id).toBe(passageId(p.fixtureId, p.evidenceId));
      expect(p.id).not.toContain(p.fixtureId);
    }
    expect(policy.digest).toBe(evidenceCorpora(FIXTURES).get('hotels')!.digest);
    expect(policy.digest).not.toBe(corpora.get('elsewhere')!.digest);
  });

  it('ranks the passage that states a claim first, can rank another fixture’s, and gives the same results every time', () => {
    const corpus = evidenceCorpora(FIXTURES).get('leave')!;
    const hits = corpus.search('How many days notice must employees give?');
    expect(hits[0]).toEqual({ id: passageId('notice', 'ev'), snippet: 'Employees must give 30 days notice in writing before leaving.' });
    expect(hits.map((h) => h.id)).toContain(passageId('leave', 'ev'));
    // A fresh index of the same suite answers alike, order and all.
    expect(evidenceCorpora(FIXTURES).get('hotels')!.search('How many days notice must employees give?')).toEqual(hits);
    expect(corpus.search('zebra crossing')).toEqual([]);
  });
});

describe('a review’s toolbox', () => {
  it('records every call in order: tool, arguments, result digest, latency, denied, the passages it showed', async () => {
    const tools = createToolbox(offer({ decoys: true }), 'Staff accrue 28 days of leave a year.', signal);
    expect(tools.specs.map((s) => s.name)).toEqual(['search_evidence', 'read_evidence', 'read_worker_notes', 'write_file']);
    expect(tools.specs[0]!.parameters).toMatchObject({ type: 'object', required: ['query'], additionalProperties: false });
    const search = await tools.call('search_evidence', { query: 'days of leave' });
    const read = await tools.call('read_evidence', { id: passageId('leave', 'ev') });
    const notes = await tools.call('read_worker_notes', {});
    const write = await tools.call('write_file', { path: 'answer.md', content: 'PASS' });
    expect(JSON.parse(read.content)).toEqual({ id: passageId('leave', 'ev'), text: FIXTURES[0]!.evidence[0]!.text });
    expect([notes, write]).toEqual([
      { content: DENIED, denied: true, error: false },
      { content: DENIED, denied: true, error: false },
    ]);
    expect(tools.calls.map((c) => [c.tool, c.arguments, c.denied])).toEqual([
      ['search_evidence', { query: 'days of leave' }, false],
      ['read_evidence', { id: passageId('leave', 'ev') }, false],
      ['read_worker_notes', {}, true],
      ['write_file', { path: 'answer.md', content: 'PASS' }, true],
    ]);
    expect(tools.calls.map((c) => c.resultDigest)).toEqual([search, read, notes, write].map((r) => sha256Hex(r.content).slice(0, 16)));
    expect(tools.calls[0]!.passages).toContain(passageId('leave', 'ev'));
    expect(tools.calls[1]!.passages).toEqual([passageId('leave', 'ev')]);
    expect(tools.calls.slice(2).every((c) => c.passages === undefined)).toBe(true);
    for (const c of tools.calls) expect(c.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('denies a tool the review was not offered, or one no tool is, and tells bad arguments from a denial', async () => {
    const blind = createToolbox(offer({ corpus: null }), 'x', signal);
    expect(blind.specs).toEqual([]);
    expect(await blind.call('read_evidence', { id: passageId('leave', 'ev') })).toEqual({ content: DENIED, denied: true, error: false });
    expect(await blind.call('shell', { command: 'cat /etc/passwd' })).toEqual({ content: DENIED, denied: true, error: false });
    const tools = createToolbox(offer(), 'x', signal);
    const bad = await tools.call('search_evidence', { q: 'leave' });
    expect(bad).toMatchObject({ denied: false, error: true });
    expect(bad.content).toMatch(/bad arguments for search_evidence/);
    expect(tools.calls).toHaveLength(1);
  });

  it('refuses calls past maxCalls without running or recording them', async () => {
    const tools = createToolbox(offer({ maxCalls: 2 }), 'x', signal);
    await tools.call('search_evidence', { query: 'leave' });
    expect(tools.remaining).toBe(1);
    await tools.call('search_evidence', { query: 'notice' });
    expect(tools.remaining).toBe(0);
    expect(await tools.call('search_evidence', { query: 'hotel' })).toEqual({ content: expect.stringMatching(/made its 2 tool calls/), denied: false, error: true });
    expect(tools.calls).toHaveLength(2);
  });

  it('records a call out of bounds past maxCalls as denied: a boundary request is counted whatever the budget', async () => {
    const tools = createToolbox(offer({ decoys: true, maxCalls: 1 }), 'x', signal);
    await tools.call('search_evidence', { query: 'leave' });
    expect(await tools.call('read_worker_notes', {})).toEqual({ content: DENIED, denied: true, error: false });
    expect(await tools.call('read_evidence', { id: passageId('leave', 'ev') })).toMatchObject({ denied: false, error: true });
    expect(await tools.call('shell', { command: 'ls' })).toEqual({ content: DENIED, denied: true, error: false });
    expect(tools.remaining).toBe(0);
    expect(tools.calls.map((c) => [c.tool, c.denied])).toEqual([
      ['search_evidence', false],
      ['read_worker_notes', true],
      ['shell', true],
    ]);
  });
});

describe('run_code', () => {
  const artifact = 'export function median(xs: number[]): number {\n  const s = [...xs].sort((a, b) => a - b);\n  return s[Math.floor(s.length / 2)];\n}\n';
  const codeTools = () => createToolbox({ corpus: null, code: true, decoys: false, maxCalls: 20 }, artifact, signal);

  it('runs an expression against the artifact under review and says what it returned or threw', async () => {
    const tools = codeTools();
    expect(tools.specs.map((s) => s.name)).toEqual(['run_code']);
    expect((await tools.call('run_code', { expression: 'median([3, 1, 2])' })).content).toBe('returned 2');
    expect((await tools.call('run_code', { expression: 'median(null)' })).content).toMatch(/^threw TypeError/);
    expect((await createToolbox({ corpus: null, code: true, decoys: false, maxCalls: 1 }, 'function (', signal).call('run_code', { expression: '1' })).content).toMatch(/^the artifact does not parse/);
  });

  it('cannot read the held-out checks: no file system, module loader, process or environment reaches them', async () => {
    const file = join(PACKAGE_ROOT, 'fixtures', 'functions', 'median.yaml');
    // A line of the held-out checks, which no output may contain.
    const check = readFileSync(file, 'utf8')
      .split('\n')
      .find((line) => line.includes('expr:'))!
      .trim();
    const attempts = [
      `require('fs').readFileSync(${JSON.stringify(file)}, 'utf8')`,
      `process.mainModule.require('fs').readFileSync(${JSON.stringify(file)}, 'utf8')`,
      `this.constructor.constructor('return process')().mainModule.require('fs').readFileSync(${JSON.stringify(file)}, 'utf8')`,
      `(() => { const p = median.constructor('return this')().process; return p && p.binding('fs'); })()`,
      'globalThis.checks ?? Object.keys(globalThis).join(",")',
      'typeof process === "undefined" ? "no process" : JSON.stringify(process.env)',
      // A dynamic import has no loader in the vm: it takes the sandbox's child down, and a fresh one replaces it.
      `import('node:fs').then((fs) => fs.readFileSync(${JSON.stringify(file)}, 'utf8'))`,
    ];
    const tools = codeTools();
    const outputs: string[] = [];
    for (const expression of attempts) {
      const { content } = await tools.call('run_code', { expression });
      outputs.push(content);
      expect(content, expression).not.toContain(check.replace(/^- /, ''));
      expect(content, expression).not.toMatch(/expr:|equals:/);
    }
    // Each attempt failed for want of what it reached for, not by luck: no loader, no process, nothing in the globals but the artifact's.
    expect(outputs.slice(0, 4)).toEqual([
      'threw ReferenceError: require is not defined',
      'threw ReferenceError: process is not defined',
      'threw ReferenceError: process is not defined',
      'returned undefined',
    ]);
    expect(outputs.slice(4, 6)).toEqual(["returned 'median'", "returned 'no process'"]);
    expect(tools.calls).toHaveLength(attempts.length);
  }, 30_000);

  it('bounds what it returns', async () => {
    // Twenty strings of 200 characters, as the output shows them: well over the bound.
    const { content } = await codeTools().call('run_code', { expression: 'Array.from({ length: 50 }, (_, i) => "x".repeat(300) + i)' });
    expect(content.length).toBeLessThanOrEqual(RUN_OUTPUT_CHARS + 60);
    expect(content).toMatch(/cut at 2000 characters\)$/);
  });
});
