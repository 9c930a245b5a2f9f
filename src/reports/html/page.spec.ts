import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HOSTILE, syntheticRun } from '../../../test/support/syntheticRun.js';
import { main } from '../../cli/main.js';
import type { AuditSnapshot } from '../types.js';
import { RunStore } from '../../results/store.js';
import type { PairedComparison } from '../../results/tabulate.js';
import type { AuditReport } from '../types.js';
import { itemOutcomes } from '../../results/itemOutcomes.js';
import { CLIENT_JS } from './client.js';
import type { DrillData, DrillMutant, DrillReviews } from './drill.js';
import { escapeHtml, jsonForScript } from '../../measures/escape.js';
import { renderHtmlReport, type RunOutcomes } from './page.js';
import type { ReviewResult } from '../../reviews/types.js';
import { renderPlot } from '../../measures/catchRatePlot.js';

let dir: string;
let snapshot: AuditSnapshot;
let html: string;
let report: AuditReport;
let outcomes: RunOutcomes;
let stored: ReviewResult[];

/** A data block of the page, read as the page's script does: plain JSON, or gzip + base64. */
function block<T>(page: string, id: string): T {
  const match = new RegExp(`<script type="([^"]+)" id="${id}"( data-encoding="gzip\\+base64")?>([^<]*)</script>`).exec(page);
  if (!match) throw new Error(`no ${id} block`);
  const text = match[2] ? gunzipSync(Buffer.from(match[3]!, 'base64')).toString('utf8') : match[3]!;
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  ({ dir, snapshot } = syntheticRun({ fixtures: 3, mutantsPerFixture: 6, hostile: true, ignored: true, critics: ['alpha', 'beta'] }));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await main(['report', dir]);
  vi.restoreAllMocks();
  html = readFileSync(join(dir, 'report.html'), 'utf8');
  report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
  const store = RunStore.open(dir);
  outcomes = new Map(snapshot.critics.map((c) => [c.name, itemOutcomes(store.results(c.name))]));
  stored = [...store.results()];
  store.close();
});

/** The page as written, whole. */
async function page(run: AuditSnapshot, audit: AuditReport, byCritic: RunOutcomes): Promise<string> {
  let text = '';
  for await (const piece of renderHtmlReport(run, audit, byCritic, (critic, itemId) => stored.filter((r) => r.critic === critic && r.itemId === itemId))) text += piece;
  return text;
}

describe('report.html escapes everything that came from a fixture, a reply or the config', () => {
  it('never lets a fixture or reply containing <script> into the markup: it is data, shown as text', () => {
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<!--');
    // The page has exactly its own three script elements: the list (JSON), the client, the reviews (gzip + base64).
    expect(html.match(/<script\b/g)).toHaveLength(3);
    const data = block<DrillData>(html, 'drill-data');
    const reviews = block<DrillReviews>(html, 'drill-reviews');
    expect(html).toMatch(/<script type="application\/json" id="drill-data">/);
    expect(html).toMatch(/<script type="application\/octet-stream" id="drill-reviews" data-encoding="gzip\+base64">/);
    expect(data.fixtures[0]!.artifact).toContain(HOSTILE);
    expect(data.fixtures[0]!.evidence[0]!.text).toContain(HOSTILE);
    expect(data.fixtures[0]!.task).toContain(HOSTILE);
    expect(reviews.replies.some((r) => r.includes(HOSTILE))).toBe(true);
  });

  it('escapes text for HTML and JSON for a script element', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    const value = { text: `</script><!-- \u2028 ${HOSTILE}` };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/<\/script|<!--|\u2028/i);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('builds the drill-down in the browser with textContent and attributes only, never markup', () => {
    expect(CLIENT_JS).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect(() => new Function(CLIENT_JS)).not.toThrow();
  });

  it('escapes critic names, the config path and the ignored reasons in the static part', async () => {
    const text = await page(
      { ...snapshot, critics: [{ name: '<b>x</b>', identity: { provider: 'p' } }] },
      { ...report, config: '<i>config</i>', critics: { '<b>x</b>': report.critics.alpha! }, ignored: [{ ...report.ignored[0]!, reason: '<u>reason</u>' }] },
      new Map(),
    );
    expect(text).not.toMatch(/<b>x<\/b>|<i>config|<u>reason/);
    expect(text).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('report.html content', () => {
  it('has a section per critic with the gates, the plot and the paired table', () => {
    for (const name of ['alpha', 'beta']) {
      expect(html).toContain(`id="critic-${name}"`);
      expect(html).toContain(`<svg class="plot" role="img"`);
    }
    expect(html).toMatch(/<table class="gates">/);
    expect(html).toMatch(/<table class="paired">/);
  });

  it('plots one interval per mutator and condition, the false alarms beside them, each dot inside its bar', () => {
    const critic = report.critics.alpha!;
    const svg = renderPlot(critic, report.conditions, 'alpha');
    const marks = [...svg.matchAll(/<g class="interval" data-kind="([^"]+)" data-mutator="([^"]+)" data-condition="([^"]+)" data-rate="([^"]+)" data-lo="([^"]+)" data-hi="([^"]+)">/g)];
    const catches = marks.filter((m) => m[1] === 'catch');
    expect(catches).toHaveLength(Object.keys(critic.byMutator).length * report.conditions.length);
    expect(marks.filter((m) => m[1] === 'false-alarm')).toHaveLength(report.conditions.length);
    for (const m of marks) {
      const [rate, lo, hi] = [Number(m[4]), Number(m[5]), Number(m[6])];
      expect(lo).toBeLessThanOrEqual(rate);
      expect(rate).toBeLessThanOrEqual(hi);
    }
    const cell = critic.byMutator['number-flip']!.clean!;
    expect(svg).toContain(`data-mutator="number-flip" data-condition="clean" data-rate="${cell.rate}" data-lo="${cell.ci[0]}" data-hi="${cell.ci[1]}"`);
  });

  it('renders Holm p and the difference interval from report.json, highlighting significant rows', async () => {
    const critic = report.critics.alpha!;
    const sample = critic.paired.find((p) => p.mutator === 'all' && p.to === 'with-trace')!;
    const adjusted: PairedComparison = { ...sample, p: 1e-9, pHolm: 3e-8, ci: [-0.5, -0.25] };
    const text = await page(snapshot, { ...report, critics: { alpha: { ...critic, paired: [adjusted] } } }, outcomes);
    expect(text).toContain('<th title="Holm-adjusted over the comparisons">Holm p</th>');
    expect(text).toMatch(/<tr class="sig anchoring" data-mutator="all" data-condition="with-trace">.*3\.00e-8.*\[−50, −25\].*anchoring effect/);
  });

  it('embeds every item with its outcome per condition, and every review with its reply and request digest', () => {
    const data = block<DrillData>(html, 'drill-data');
    const reviews = block<DrillReviews>(html, 'drill-reviews');
    expect(data.conditions).toEqual(report.conditions);
    const alpha = data.critics.find((c) => c.name === 'alpha')!;
    expect(alpha.items).toHaveLength(snapshot.fixtures.length + snapshot.generation.mutants.length);
    const store = RunStore.open(dir);
    const stored = [...store.results('alpha')];
    store.close();
    const index = data.critics.findIndex((c) => c.name === 'alpha');
    const flat = reviews.critics[index]!.flat();
    expect(flat).toHaveLength(stored.length);
    for (const r of stored) {
      const item = alpha.items.findIndex((i) => i.id === r.itemId);
      const review = reviews.critics[index]![item]!.find((v) => data.conditions[v[0]] === r.condition)!;
      expect(review[5]).toBe(r.requestDigest);
      expect(review[4] >= 0 ? reviews.replies[review[4]] : null).toBe(r.reply);
      const letter = alpha.items[item]!.x[data.conditions.indexOf(r.condition)];
      expect(letter).toBe(r.outcome === 'error' ? 'e' : r.outcome === 'no-verdict' ? 'n' : r.verdict === 'FAIL' ? 'c' : 'm');
    }
    const mutant = alpha.items.find((i): i is DrillMutant => i.m !== null)!;
    const source = snapshot.generation.mutants.find((m) => m.id === mutant.id)!;
    expect([mutant.s, mutant.o, mutant.r, mutant.l]).toEqual([[source.span.start, source.span.end], source.original, source.replacement, [source.span.line, source.span.column]]);
  });

  it('needs nothing from the network: no external URL in src, href or CSS', () => {
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/url\(/);
    expect(html).toContain(`default-src 'none'`);
  });
});
