import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { chromiumStatus, launchChromium, type Chromium } from '../support/chromium.js';
import { HOSTILE, syntheticRun } from '../support/syntheticRun.js';

const status = chromiumStatus();
if (!status.available) console.warn(`critic-audit: ${status.message}`);

/** `critic-audit report ARGS...` in this process, quietly; its exit code. */
async function report(args: string[]): Promise<number> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    return await main(['report', ...args]);
  } finally {
    log.mockRestore();
  }
}

/**
 * report.html's regression section, from a stored synthetic run re-gated
 * against a baseline of itself in which every mutant it misses clean was
 * caught (a real drop on all mutants pooled), with replies carrying <script>.
 */
describe.runIf(!status.available && !status.skip)('the regression browser test in CI', () => {
  it('needs Chromium', () => {
    throw new Error(status.available ? '' : status.message);
  });
});

describe.skipIf(!status.available)('report.html against a baseline, in Chromium', () => {
  const { dir } = syntheticRun({ fixtures: 6, mutantsPerFixture: 6, conditions: ['clean', 'with-trace'], hostile: true });
  const baseline = join(mkdtempSync(join(tmpdir(), 'critic-audit-regression-')), 'baseline.json');
  let chromium: Chromium;
  let context: BrowserContext;
  let critic: any;
  let lost: number;

  beforeAll(async () => {
    // The synthetic run fails its catch-rate gates (1) either way; the baseline is written all the same.
    expect(await report([dir, '--save-baseline', baseline])).toBe(1);
    const data = JSON.parse(readFileSync(baseline, 'utf8'));
    lost = 0;
    for (const item of Object.values<any>(data.critics.synthetic.items)) {
      const clean = item.outcomes.clean;
      if (item.role !== 'mutant' || !clean || clean.flagged) continue;
      Object.assign(clean, { flagged: 1, reply: `Baseline: the amount contradicts the policy. ${HOSTILE}\nVERDICT: FAIL` });
      lost++;
    }
    writeFileSync(baseline, JSON.stringify(data));
    expect(await report([dir, '--baseline', baseline])).toBe(1);
    critic = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).critics.synthetic;
    chromium = await launchChromium();
    context = await chromium.context();
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
  });

  it('shows every row with how the gate treated it, the gate line naming the row, and the flipped items with their diffs and both replies', async () => {
    const all = critic.regression.rows.find((r: any) => r.mutator === 'all' && r.condition === 'clean');
    expect(all).toMatchObject({ b: lost, c: 0, gating: 'gated', regressed: true });
    expect(lost).toBeGreaterThan(10);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`file://${join(dir, 'report.html')}`);
    const section = page.locator('#critic-synthetic section.regression');
    await expect(section.locator('h3').first().textContent()).resolves.toBe(`Against the baseline (${baseline}, ${critic.regression.baseline.createdAt})`);
    // One table row per report row, each marked gated, too small or outside the family as report.json says.
    const rows = section.locator('table.regression tbody tr');
    await expect(rows.count()).resolves.toBe(critic.regression.rows.length);
    for (const row of critic.regression.rows) {
      const tr = section.locator(`tr[data-mutator="${row.mutator}"][data-condition="${row.condition}"]`);
      await expect(tr.getAttribute('data-gating')).resolves.toBe(row.gating);
      await expect(tr.locator('td').nth(2).textContent()).resolves.toBe(String(row.n));
    }
    expect(new Set(critic.regression.rows.map((r: any) => r.gating))).toEqual(new Set(['gated', 'too-small', 'not-in-family']));
    await expect(section.locator('tr.regressed td').last().textContent()).resolves.toBe('regressed');
    await expect(section.locator('tr[data-gating="too-small"] td').last().first().textContent()).resolves.toBe('too small (under 20 pairs)');
    // The headline's gate line: the worst gated row, its drop, interval and Holm p, against alpha and the margin.
    const gate = page.locator('#headline tr.fail', { hasText: 'maxRegression' });
    await expect(gate.locator('td').nth(1).textContent()).resolves.toBe('Holm p ≤ 0.05 and a drop beyond 5 pts');
    await expect(gate.locator('td').nth(2).textContent()).resolves.toMatch(/^all clean: catch rate −\d+\.\d pts \[−\d+\.\d, −\d+\.\d\], Holm p \d/);
    // The flipped items: the first 20, worst first, each with the mutant's lines and both replies, as text.
    const items = section.locator('ol.flipped > li');
    await expect(items.count()).resolves.toBe(Math.min(20, critic.flipped.length));
    await expect(section.locator('h3').nth(1).textContent()).resolves.toBe(`Items that flipped since the baseline: ${lost} worse, 0 better`);
    const first = items.first();
    await expect(first.getAttribute('data-item')).resolves.toBe(critic.flipped[0].itemId);
    await expect(first.locator('.diff pre.minus').textContent()).resolves.toBe(`- ${critic.flipped[0].diff.before}`);
    await expect(first.locator('.diff pre.plus').textContent()).resolves.toBe(`+ ${critic.flipped[0].diff.after}`);
    await expect(first.locator('details.reply.now pre').isVisible()).resolves.toBe(false);
    await first.locator('details.reply.now summary').click();
    await first.locator('details.reply.baseline summary').click();
    await expect(first.locator('details.reply.now pre').textContent()).resolves.toBe(critic.flipped[0].currentReply);
    await expect(first.locator('details.reply.baseline pre').textContent()).resolves.toContain(HOSTILE);
    await expect(first.locator('details.reply.baseline pre').isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
    await expect(section.locator('img, script').count()).resolves.toBe(0);
    await section.evaluate((e) => e.scrollIntoView());
    await page.screenshot({ path: join(dir, 'regression.png') });
    expect(errors).toEqual([]);
    expect(chromium.network.requested).toEqual([]);
    await page.close();
  });
});
