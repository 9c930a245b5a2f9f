import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { chromiumStatus, launchChromium, type Chromium } from '../support/chromium.js';
import { defaultRunResult } from '../support/defaultRun.js';
import { validateMutationReport } from '../support/mutationSchema.js';
import { HOSTILE, syntheticRun } from '../support/syntheticRun.js';

const status = chromiumStatus();
if (!status.available) console.warn(`critic-audit: ${status.message}`);

/** `critic-audit report DIR` in this process, quietly. */
/**
 * The CPU time the page's main thread has spent so far, in ms (Chromium's
 * ThreadTime): what parsing, scripts, style and layout cost the page, which
 * other work on the machine does not stretch as it stretches wall-clock time.
 */
async function mainThreadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ThreadTime')!.value * 1000;
}

async function rebuild(dir: string): Promise<void> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await main(['report', dir]);
  } finally {
    log.mockRestore();
  }
}

async function open(context: BrowserContext, file: string, beforeNavigation?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  await beforeNavigation?.(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(`file://${file}`);
  return { page, errors };
}

describe.runIf(!status.available && !status.skip)('the browser tests in CI', () => {
  it('need Chromium', () => {
    throw new Error(status.available ? '' : status.message);
  });
});

describe.skipIf(!status.available)('report.html and mutation.html in Chromium', () => {
  // Screenshots go beside, not into, the default run's folder: other spec files read that one.
  const shots = mkdtempSync(join(tmpdir(), 'critic-audit-browser-'));
  let out: string;
  let chromium: Chromium;
  let context: BrowserContext;
  let report: any;

  beforeAll(async () => {
    // The README's quick start, the default audit (docs/default-audit.md; one run, shared with default-audit.spec.ts): offline, no API key; exits 1 on purpose (the trace-trusting control fails its gate).
    // This file starts while default-audit.spec.ts's run may still be going (test/support/slowestFirst.ts): wait as long as defaultRun does.
    const run = await defaultRunResult();
    expect(run.status, run.stderr).toBe(1);
    out = run.out;
    report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    chromium = await launchChromium();
    context = await chromium.context();
  }, 600_000);

  afterAll(async () => {
    await chromium?.close();
  });

  // Nine critics' plots, each mark looked up: on a loaded 2-core machine over the default 30 s.
  it('shows the plot with one interval per mutator and condition, for each critic, and the headline gates', { timeout: 90_000 }, async () => {
    const { page, errors } = await open(context, join(out, 'report.html'));
    await page.waitForSelector('html[data-ready="1"]');
    for (const [name, critic] of Object.entries<any>(report.critics)) {
      const plot = page.locator(`svg.plot[data-critic="${name}"]`);
      await expect(plot.isVisible()).resolves.toBe(true);
      // The mutators this critic reviewed (a text checker takes no code mutants).
      const mutators = Object.keys(critic.byMutator).filter((m) => Object.keys(critic.byMutator[m]).length > 0);
      expect(mutators.length).toBeGreaterThanOrEqual(3);
      // A condition the critic's items cannot carry has no interval: with-trace, blind, persuasive-trace and reveal-trace for a critic of reviews, blind for code.
      const cells = mutators.flatMap((m) => report.conditions.filter((c: string) => critic.byMutator[m][c]).map((c: string) => [m, c] as const));
      expect(cells.length).toBeGreaterThanOrEqual(mutators.length * (report.conditions.length - 4));
      // Every mark read in one round trip to the page: a locator per mark made this test take 15 s of the suite's time.
      const marks = await plot
        .locator('g.interval[data-kind="catch"]')
        .evaluateAll((elements) => elements.map((e) => [e.getAttribute('data-mutator'), e.getAttribute('data-condition'), e.getAttribute('data-rate')]));
      expect(marks).toHaveLength(cells.length);
      for (const [mutator, condition] of cells) {
        expect(marks.filter(([m, c]) => m === mutator && c === condition)).toEqual([[mutator, condition, String(critic.byMutator[mutator][condition].rate)]]);
      }
      await expect(plot.locator('g.interval[data-kind="false-alarm"]').count()).resolves.toBe(report.conditions.filter((c: string) => critic.falseAlarms[c]?.n).length);
    }
    const gate = page.locator('#headline .card.fail tr.fail', { hasText: 'maxAnchoringDrop' });
    const anchored = Object.values<any>(report.critics).filter((c) => c.gates.some((g: any) => g.name === 'maxAnchoringDrop' && !g.pass)).length;
    expect(anchored).toBeGreaterThanOrEqual(1);
    await expect(gate.count()).resolves.toBe(anchored);
    const controls = Object.values<any>(report.critics).filter((c) => c.positiveControl).length;
    await expect(page.locator('#headline .pc').count()).resolves.toBe(controls);
    await expect(page.locator('#critic-trace-trusting tr.sig.anchoring').count()).resolves.toBe(1);
    await page.screenshot({ path: join(shots, 'report.png') });
    await page.locator('#critic-trace-trusting').evaluate((e) => e.scrollIntoView());
    await page.screenshot({ path: join(shots, 'report-trace-trusting.png') });
    if (process.env.UPDATE_DOCS_SCREENSHOT) copyFileSync(join(shots, 'report-trace-trusting.png'), join(PACKAGE_ROOT, 'docs', 'report.png'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters the mutant list and opens a drill-down with the diff, the verdicts, the replies and the request digests', async () => {
    const { page, errors } = await open(context, join(out, 'report.html'));
    await page.waitForSelector('html[data-ready="1"]');
    const count = () => page.locator('#f-count').textContent();
    const rows = () => page.locator('#mutant-rows tr.item').count();
    // The first critic's mutants: those it reviewed (a text checker takes no code mutants, authored ones included).
    const [firstName, first] = Object.entries<any>(report.critics)[0]!;
    const valid = Object.values<any>(first.byMutator).reduce((n, cells) => n + (cells.clean?.n ?? 0), 0);
    await expect(page.locator('#f-critic').inputValue()).resolves.toBe('0');
    expect(firstName).toBe('evidence-check');
    await expect(count()).resolves.toMatch(new RegExp(`^${valid} of `));
    await expect(rows()).resolves.toBe(100); // a page at a time: the DOM stays light

    await page.selectOption('#f-critic', { label: 'trace-trusting' });
    await page.selectOption('#f-mutator', 'entity-swap');
    await expect(count()).resolves.toMatch(new RegExp(`^${report.mutants.byMutator['entity-swap'].valid} of `));
    await page.selectOption('#f-condition', { label: 'with-trace' });
    await page.selectOption('#f-outcome', 'missed');
    const missed = Number((await count())!.split(' ')[0]);
    expect(missed).toBeGreaterThan(0);
    expect(missed).toBeLessThan(valid);
    await page.selectOption('#f-outcome', 'caught');
    await expect(count()).resolves.toMatch(/^0 of /);
    await page.selectOption('#f-outcome', 'missed');

    const row = page.locator('#mutant-rows tr.item').first();
    const id = await row.getAttribute('data-id');
    const mutants = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8')).mutants;
    const mutant = mutants.find((m: any) => m.id === id);
    // The search box finds a mutant by its own artifact text: the line its change is on, as the critic saw it.
    const lineStart = mutant.artifact.lastIndexOf('\n', mutant.span.start - 1) + 1;
    const lineEnd = mutant.artifact.indexOf('\n', mutant.span.start + mutant.replacement.length);
    const line = mutant.artifact.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).slice(0, 200);
    const unfiltered = (await count())!;
    const countChangedFrom = (before: string) => page.waitForFunction((b) => document.getElementById('f-count')!.textContent !== b, before);
    await page.fill('#f-search', line.toUpperCase());
    await countChangedFrom(unfiltered);
    await expect(page.locator(`#mutant-rows tr.item[data-id="${id}"]`).count()).resolves.toBe(1);
    const found = (await count())!;
    await page.fill('#f-search', 'no artifact says this 7f3a');
    await countChangedFrom(found);
    await expect(count()).resolves.toMatch(/^0 of /);
    await page.fill('#f-search', '');
    await countChangedFrom('0 of ' + unfiltered.split(' of ')[1]);
    await expect(count()).resolves.toBe(unfiltered);

    await row.locator('button.open').click();
    const drill = page.locator('tr.detail .drill');
    await expect(drill.locator('.diff del.span').textContent()).resolves.toBe(mutant.original);
    await expect(drill.locator('.diff ins.span').textContent()).resolves.toBe(mutant.replacement);
    await page.waitForSelector('html[data-reviews="1"]');
    await expect(drill.locator('table.reviews tbody tr').count()).resolves.toBe(report.conditions.length);
    const withTrace = drill.locator('table.reviews tbody tr', { hasText: 'with-trace' });
    await expect(withTrace.locator('pre.reply').textContent()).resolves.toMatch(/VERDICT: PASS/);
    await expect(withTrace.locator('td.digest').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await drill.locator('summary').click();
    await expect(drill.locator('.evidence').first().isVisible()).resolves.toBe(true);
    await drill.evaluate((e) => e.closest('tr')!.previousElementSibling!.scrollIntoView());
    await page.screenshot({ path: join(shots, 'report-drilldown.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is readable without JavaScript: the gates, the plot and the paired table are plain HTML and SVG', async () => {
    const plain = await chromium.context({ javaScriptEnabled: false });
    const { page } = await open(plain, join(out, 'report.html'));
    await expect(page.locator('svg.plot g.interval').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('svg.plot').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('table.paired').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('#headline table.gates').first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(shots, 'report-no-javascript.png') });
    await plain.close();
  });

  it('writes mutation.json in the schema, and mutation.html renders it offline with the mutation-testing-elements viewer', async () => {
    const mutation = JSON.parse(readFileSync(join(out, 'mutation.json'), 'utf8'));
    expect(validateMutationReport(mutation)).toEqual([]);
    const { page, errors } = await open(context, join(out, 'mutation.html'));
    const app = page.locator('mutation-test-report-app');
    // The viewer renders in shadow DOM; Playwright's locators pierce it.
    await app.locator('text=All files').first().waitFor();
    for (const critic of Object.keys(report.critics))
      await app
        .getByRole('link', { name: new RegExp(`^${critic}/`) })
        .first()
        .waitFor();
    // Above the viewer, visibly: the one condition shown, and that the run has others.
    await expect(page.locator('#shown-condition').textContent()).resolves.toMatch(/under the clean condition \(sealed\) only\. The run also reviewed under with-trace, /);
    await page.screenshot({ path: join(shots, 'mutation.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a fixture and a reply containing <script> as text, running none of it', async () => {
    const { dir } = syntheticRun({ fixtures: 2, mutantsPerFixture: 3, hostile: true, ignored: true });
    await rebuild(dir);
    for (const file of ['report.html', 'mutation.html']) {
      const { page, errors } = await open(context, join(dir, file));
      if (file === 'report.html') {
        await page.waitForSelector('html[data-ready="1"]');
        await page.selectOption('#f-mutator', '*all');
        await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('button.open').forEach((b) => b.click()));
        await page.waitForSelector('html[data-reviews="1"]');
        await page.evaluate(() => document.querySelectorAll('.drill details').forEach((d) => d.setAttribute('open', '')));
        await expect(page.locator('.drill pre.reply', { hasText: HOSTILE }).count()).resolves.toBeGreaterThan(0);
        await expect(page.locator('.drill .evidence pre', { hasText: HOSTILE }).count()).resolves.toBeGreaterThan(0);
        await expect(page.locator('.drill pre.artifact', { hasText: HOSTILE }).count()).resolves.toBeGreaterThan(0);
        await expect(page.locator('.drill .diff pre', { hasText: '<script>' }).count()).resolves.toBeGreaterThan(0);
        await expect(page.locator('.drill .error', { hasText: HOSTILE }).count()).resolves.toBeGreaterThan(0);
        await expect(page.locator('.drill img').count()).resolves.toBe(0);
        await page
          .locator('tr.detail')
          .first()
          .evaluate((e) => e.scrollIntoView());
        await page.screenshot({ path: join(shots, 'hostile.png') });
      } else {
        await page.locator('mutation-test-report-app').locator('text=All files').first().waitFor();
      }
      await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
      await expect(page.locator('body script:not([id]):not([type])').count()).resolves.toBeLessThanOrEqual(1);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  // Under 2 s of the page's main-thread CPU time, what an idle machine's wall-clock time to a usable list is made of;
  // wall-clock time, which a busy machine stretches, is printed beside it.
  it('opens and filters a run of 10,000 reviews in under 2 seconds of CPU', async () => {
    const { dir, reviews } = syntheticRun({ fixtures: 50, mutantsPerFixture: 49, replyWords: 100, ignored: true });
    expect(reviews).toBe(10_000);
    await rebuild(dir);
    let cdp: CDPSession | undefined;
    let beforeOpen = 0;
    const { page, errors } = await open(context, join(dir, 'report.html'), async (blank) => {
      cdp = await context.newCDPSession(blank);
      await cdp.send('Performance.enable');
      beforeOpen = await mainThreadMs(cdp);
    });
    await page.waitForSelector('html[data-ready="1"]');
    const openCpuMs = (await mainThreadMs(cdp!)) - beforeOpen;
    // From navigation start to a usable list, as the page measures it.
    const openMs = await page.evaluate(() => (window as unknown as { criticAuditReadyMs: number }).criticAuditReadyMs);
    const beforeFilter = await mainThreadMs(cdp!);
    const filterMs = await page.evaluate(async () => {
      const start = performance.now();
      const select = document.getElementById('f-outcome') as HTMLSelectElement;
      select.value = 'error';
      select.dispatchEvent(new Event('change'));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - start;
    });
    const filterCpuMs = (await mainThreadMs(cdp!)) - beforeFilter;
    await expect(page.locator('#f-count').textContent()).resolves.toMatch(/^\d+ of 2500 items$/);
    await page.waitForSelector('html[data-reviews="1"]');
    const reviewsMs = await page.evaluate(() => performance.now());
    console.log(
      `critic-audit: 10,000 reviews: list usable ${openMs.toFixed(0)} ms after navigation (${openCpuMs.toFixed(0)} ms of CPU), filter ${filterMs.toFixed(0)} ms (${filterCpuMs.toFixed(0)} ms of CPU), replies unpacked by ${reviewsMs.toFixed(0)} ms; ${(readFileSync(join(dir, 'report.html')).length / 1e6).toFixed(1)} MB`,
    );
    expect(openCpuMs).toBeGreaterThan(0);
    expect(openCpuMs).toBeLessThan(2000);
    expect(filterCpuMs).toBeGreaterThan(0);
    expect(filterCpuMs).toBeLessThan(2000);
    await expect(page.locator('#mutant-rows tr').count()).resolves.toBeLessThanOrEqual(100);
    await page.locator('button.open').first().click();
    await expect(page.locator('tr.detail table.reviews tbody tr').count()).resolves.toBe(4);
    await page.screenshot({ path: join(shots, 'report-10000.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('fetched nothing from the network', () => {
    expect(chromium.network.requested).toEqual([]);
  });
});
