import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { ConditionName } from '../../requests/conditions/index.js';
import { itemRecords, type ItemRecord } from '../../requests/items.js';
import type { AuditSnapshot } from '../types.js';
import { errorCount, type Gate } from '../../gates/gate.js';
import type { AuditReport, CriticReport } from '../types.js';
import { countBy, engineText, percent } from '../../measures/format.js';
import { ItemOutcomes } from '../../results/itemOutcomes.js';
import { catchLocator } from '../../results/located.js';
import { CLIENT_JS } from './client.js';
import { headline } from '../headline.js';
import type { ReviewResult } from '../../reviews/types.js';
import { batched, JsonArray, jsonPieces, mapped } from '../jsonPieces.js';
import { drillFixtures, drillItem, drillReviews, inConditionOrder, ReplyTable } from './data.js';
import { escapeHtml as e, scriptSafe } from '../../measures/escape.js';
import { cardPieces, criticSections, gateReading, inRankOrder, runSections, type Ranked } from '../../measures/index.js';

/** Every critic's outcome counts, by critic name. */
export type RunOutcomes = Map<string, ItemOutcomes>;

/** One critic's reviews of one item, read when a report reaches it (as RunStore.itemResults gives them), so no report holds a whole run's. */
export type ReviewsOf = (critic: string, itemId: string) => ReviewResult[];

/**
 * report.html: one self-contained page, no network. The headline (gates and
 * positive control), the dot-and-interval figure as inline SVG and the paired
 * comparisons are plain HTML, readable without JavaScript; the mutant list and
 * its drill-down are built by a small inline script from embedded JSON. The
 * page comes in pieces, its data blocks written item by item.
 */
export async function* renderHtmlReport(snapshot: AuditSnapshot, report: AuditReport, outcomes: RunOutcomes, reviewsOf: ReviewsOf): AsyncGenerator<string> {
  const items = itemRecords(snapshot.fixtures, snapshot.generation.mutants);
  const conditions = report.conditions as ConditionName[];
  const fixtureIndex = new Map(snapshot.fixtures.map((f, i) => [f.id, i]));
  const critics = Object.entries(report.critics).map(([name, critic]) => {
    const criticOutcomes = outcomes.get(name) ?? new ItemOutcomes();
    // Only the kinds of artifact this critic reviewed (a text checker lists no code mutants).
    const kinds = new Set(items.filter((i) => criticOutcomes.has(i.id)).map((i) => i.kind));
    return { name, critic, outcomes: criticOutcomes, items: items.filter((i) => kinds.has(i.kind)) };
  });

  const { cause, passed, gates } = headline(report);
  const title = `critic-audit: ${cause ? `${cause} · ` : ''}${passed ? 'passed' : 'failed'} · ${gates}`;
  const body: string[] = [];
  body.push(`<header><h1>critic-audit: ${cause ? `<span class="cause">${e(cause)}</span> · ` : ''}${badge(passed)} · <span class="gates-count">${e(gates)}</span></h1>`);
  body.push(
    `<ul class="summary">${Object.entries(report.critics)
      .map(([name, critic]) => `<li><b>${e(name)}</b>: ${e(critic.summary)}</li>`)
      .join('')}</ul>`,
  );
  body.push(
    `<p class="meta">${e(report.config)} · seed ${report.seed} · conditions ${e(report.conditions.join(', '))} · ${report.repeats > 1 ? `${report.repeats} repeats · ` : ''}${report.mutants.valid} valid mutants, ${report.mutants.ignored} ignored · ${e(report.createdAt)} · critic-audit ${e(report.version)}</p>`,
  );
  if (!report.complete) body.push(`<p class="banner warn"><b>Incomplete run:</b> ${e(report.stopReason ?? 'stopped early')}. Figures cover the reviews that finished.</p>`);
  if (report.errorBudget.exceeded)
    body.push(`<p class="banner fail"><b>Error budget exceeded:</b> ${percent(report.errorBudget.errorRate)} of reviews failed (budget ${percent(report.errorBudget.budget)}).</p>`);
  for (const w of report.warnings) body.push(`<p class="banner warn">${e(w)}</p>`);
  body.push(
    `<nav>${Object.keys(report.critics)
      .map((n) => `<a href="#${e(anchor(n))}">${e(n)}</a>`)
      .join('')}<a href="#mutants">Mutants</a><a href="#ignored">Ignored mutants</a></nav></header>`,
  );
  body.push(
    `<section id="headline"><h2>Gates</h2><div class="cards">${Object.entries(report.critics)
      .map(([n, c]) => headlineCard(n, c))
      .join('')}</div></section>`,
  );
  for (const c of critics) body.push(criticSection(c.name, c.critic, conditions, report.stopReason));
  // The run-level measures' sections (critics side by side), in rank order.
  body.push(...inRankOrder(runSections<string>('html', report)));
  body.push(
    mutantSection(
      conditions,
      critics.reduce((n, c) => n + c.items.length, 0),
      critics.length,
    ),
  );
  body.push(ignoredSection(report));

  yield `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${e(title)}</title>
<style>${CSS}</style></head><body>
${body.join('\n')}
<script type="application/json" id="drill-data">`;
  const data = {
    conditions,
    // Each fixture as its own piece: the suite's text in one JSON string (UTF-16 once it holds a "£") is megabytes at once.
    fixtures: new JsonArray(drillFixtures(snapshot)),
    critics: new JsonArray(critics.map((c) => ({ name: c.name, items: new JsonArray(mapped(c.items, (i) => drillItem(i, c.outcomes, conditions, fixtureIndex))) }))),
  };
  yield* batched(mapped(jsonPieces(data), scriptSafe));
  yield `</script>
<script>${CLIENT_JS}</script>
<script type="application/octet-stream" id="drill-reviews" data-encoding="gzip+base64">`;
  const replies = new ReplyTable();
  const reviewsIn = (critic: string, item: ItemRecord) => inConditionOrder(reviewsOf(critic, item.id), conditions);
  const reviews = {
    replies: new JsonArray(flatMapped(critics, (c) => flatMapped(c.items, (i) => replies.intern(reviewsIn(c.name, i))))),
    critics: new JsonArray(
      critics.map((c) => {
        const record = snapshot.critics.find((r) => r.name === c.name);
        const located = catchLocator(snapshot.fixtures, { grammar: record?.verdict, notFound: record?.notFound });
        return new JsonArray(mapped(c.items, (i) => drillReviews(reviewsIn(c.name, i), conditions, replies, (r) => located(i, r))));
      }),
    ),
  };
  yield* packData(jsonPieces(reviews));
  yield `</script>
</body></html>
`;
}

/**
 * The page carries its data in two blocks. The list (items, spans, outcome
 * letters, fixtures: DrillData) is plain JSON, escaped so no "<" can end the
 * element, and comes before the script, which renders the list at once. The
 * reviews (DrillReviews: replies and request digests, the bulk) come after
 * the script, gzipped and base64-encoded (a fifth to a third of the JSON;
 * base64 has no "<"): the parser reaches them after the list is up, and the
 * script unpacks them with the browser's own DecompressionStream. So a run of
 * 10,000 reviews opens in well under two seconds (Chromium reads and
 * tokenizes large inline blocks slowly). The JSON is compressed and encoded
 * as it is written: base64 three bytes at a time, the rest carried over.
 */
export async function* packData(json: Iterable<string>): AsyncGenerator<string> {
  const source = Readable.from(batched(json));
  const gzip = createGzip({ level: 6 });
  source.on('error', (err) => gzip.destroy(err));
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of source.pipe(gzip) as AsyncIterable<Buffer>) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 3);
    yield bytes.subarray(0, whole).toString('base64');
    carry = bytes.subarray(whole);
  }
  yield carry.toString('base64');
}

function* flatMapped<T, U>(list: Iterable<T>, f: (t: T) => Iterable<U>): Generator<U> {
  for (const t of list) yield* f(t);
}

const anchor = (name: string) => `critic-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
const badge = (pass: boolean, yes = 'passed', no = 'failed') => `<span class="badge ${pass ? 'pass' : 'fail'}">${pass ? yes : no}</span>`;

function headlineCard(name: string, critic: CriticReport): string {
  const gates = critic.gates.length
    ? `<table class="gates"><thead><tr><th>gate</th><th>threshold</th><th>value</th><th></th></tr></thead><tbody>${critic.gates.map(gateRow).join('')}</tbody></table>`
    : '<p class="dim">No gates configured.</p>';
  const v = critic.verdicts;
  return `<div class="card ${critic.passed ? 'pass' : 'fail'}"><h3><a href="#${e(anchor(name))}">${e(name)}</a> ${badge(critic.passed)}</h3>${gates}${cardPieces(critic)}<p class="dim">${v.reviews} reviews · ${v.verdicts} verdicts · ${v.noVerdict} no verdict · ${v.errors} errors</p><p class="dim">${e(engineText(critic))}</p></div>`;
}

/** A gate with no data says so, and why: it fails the run (✗) or is only a warning (?). */
function gateRow(g: Gate): string {
  const noData = g.status === 'no-data';
  // A condition effect's paired figures (b, c, McNemar p, interval), a regression gate's family, say what the value rests on.
  const why = noData ? `<div class="why">no data: ${e(g.detail ?? '')}</div>` : (g.effect || g.regression) && g.detail ? `<div class="why">${e(g.detail)}</div>` : '';
  const reading = gateReading(g);
  return `<tr class="${g.pass ? 'pass' : 'fail'}${noData ? ' nodata' : ''}"><td>${e(g.name)}${why}</td><td class="num">${e(reading.threshold)}</td><td class="num">${e(reading.value)}</td><td>${!g.pass ? '✗' : noData ? '?' : '✓'}</td></tr>`;
}

function criticSection(name: string, critic: CriticReport, conditions: ConditionName[], stopReason: string | null): string {
  // The page's own pieces and the per-critic measures', in rank order (see docs/architecture.md, "Adding a measure").
  const own: Array<Ranked<string>> = [{ rank: 110, piece: unansweredConditions(critic, conditions, stopReason) }];
  const sections = inRankOrder([...own, ...criticSections<string>('html', critic, { name, conditions, tables: critic })]);
  return [`<section class="critic" id="${e(anchor(name))}"><h2>${e(name)} ${badge(critic.passed)}</h2>`, ...sections, '</section>'].join('\n');
}

/**
 * The configured conditions under which this critic has no answered review:
 * said from the configuration, not from the results, so a condition the run
 * never reached (it stopped) or whose every review failed is not passed over.
 */
function unansweredConditions(critic: CriticReport, conditions: readonly ConditionName[], stopReason: string | null): string {
  const lines = conditions.flatMap((c) => {
    const answered = (critic.pooled[c]?.n ?? 0) + (critic.falseAlarms[c]?.n ?? 0);
    if (answered) return [];
    const errors = (critic.pooled[c]?.errors ?? 0) + (critic.falseAlarms[c]?.errors ?? 0);
    return [
      `<li><b>${e(c)}</b>: configured, but ${errors ? `every review under it failed (${errorCount(errors)})` : 'no review under it was recorded (the run stopped before it, or no item carries its contaminant)'}</li>`,
    ];
  });
  if (!lines.length) return '';
  return `<div class="banner warn unanswered"><p>No figures under ${lines.length === 1 ? 'one configured condition' : `${lines.length} configured conditions`}${stopReason ? ` (the run stopped early: ${e(stopReason)})` : ''}:</p><ul>${lines.join('')}</ul></div>`;
}

function mutantSection(conditions: readonly string[], items: number, critics: number): string {
  const options = (list: Array<[string, string]>) => list.map(([v, l]) => `<option value="${e(v)}">${e(l)}</option>`).join('');
  return `<section id="mutants"><h2>Mutants</h2>
<noscript><p class="banner warn">The mutant list and drill-down need JavaScript; the figures and tables above do not.</p></noscript>
<form class="filters" onsubmit="return false">
<label>critic <select id="f-critic"></select></label>
<label>mutator <select id="f-mutator"></select></label>
<label>condition <select id="f-condition"></select></label>
<label>outcome <select id="f-outcome">${options([
    ['*', 'any outcome'],
    ['caught', 'caught (mutant) / false alarm (original)'],
    ['missed', 'missed (mutant) / passed (original)'],
    ['noverdict', 'no verdict'],
    ['error', 'error'],
  ])}</select></label>
<label>search <input id="f-search" type="search" placeholder="id, fixture, task or artifact text"></label>
<span id="f-count" class="dim"></span>
</form>
<table class="mutants"><thead><tr><th>item</th><th>fixture</th><th>mutator</th><th>change</th>${conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead>
<tbody id="mutant-rows"></tbody></table>
<p class="pager"><button type="button" id="f-prev">‹ previous</button> <span id="f-page"></span> <button type="button" id="f-next">next ›</button></p>
<p class="dim">${items} items over ${critics} critic${critics === 1 ? '' : 's'}. Open an item for its diff, its verdict under each condition, the critic's replies and each request's sha256 (as recorded in run.sqlite).</p>
</section>`;
}

function ignoredSection(report: AuditReport): string {
  const reasons = countBy(report.ignored, (m) => `${m.mutator}: ${m.reason}`);
  const rows = Object.entries(report.mutants.byMutator)
    .map(([m, s]) => `<tr><td>${e(m)}</td><td class="num">${s.valid}</td><td class="num">${s.ignored}</td></tr>`)
    .join('');
  return `<section id="ignored"><h2>Ignored mutants</h2><p>The validity oracle keeps a mutant only when it really contradicts the evidence; the rest are never counted.</p>
<table><thead><tr><th>mutator</th><th>valid</th><th>ignored</th></tr></thead><tbody>${rows}</tbody></table>
${reasons.length ? `<ul>${reasons.map(([r, n]) => `<li>${e(r)} (${n})</li>`).join('')}</ul>` : ''}</section>`;
}

const CSS = `
:root{--pass:#2e7d32;--fail:#c62828;--clay:#c0603a;--ink:#1f2328;--dim:#6a737d;--line:#d8dde3}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1180px;color:var(--ink);padding:0 1.2em 3em}
header{border-bottom:1px solid var(--line);margin-bottom:1em}
h1{margin:.6em 0 .2em}h1 .cause{color:var(--fail)}h1 .gates-count{font-size:.6em;font-weight:normal;vertical-align:middle}ul.summary{margin:.3em 0;padding-left:1.2em}h2{margin:1.4em 0 .4em;border-bottom:1px solid var(--line);padding-bottom:.2em}h3{margin:.8em 0 .4em}h4{margin:.8em 0 .3em}
.meta,.dim{color:var(--dim)}
nav a{margin-right:1.2em}
.badge{font-size:.72em;padding:.12em .55em;border-radius:.35em;color:#fff;vertical-align:middle;font-weight:600}
.badge.pass{background:var(--pass)}.badge.fail{background:var(--fail)}
.banner{padding:.5em .8em;border-radius:.3em}.banner.warn{background:#fff4e5;border:1px solid #f0b46c}.banner.fail{background:#fdecea;border:1px solid #e8a39c}
.cards{display:flex;flex-wrap:wrap;gap:1em}
.card{flex:1 1 340px;border:1px solid var(--line);border-left:5px solid var(--pass);border-radius:.3em;padding:.2em 1em .6em}
.card.fail{border-left-color:var(--fail)}
table{border-collapse:collapse;margin:.4em 0}
td,th{border:1px solid var(--line);padding:.22em .55em;text-align:left;vertical-align:top}
th{background:#f5f7f9;font-weight:600}
td.num{text-align:right;font-variant-numeric:tabular-nums}
table.gates tr.fail td{background:#fdecea;font-weight:600}
table.gates tr.fail td:last-child{color:var(--fail)}table.gates tr.pass td:last-child{color:var(--pass)}
table.independence tr.independence-fail td{background:#fdecea}table.independence tr.independence-fail td:nth-child(4){color:var(--fail);font-weight:600}table.independence tr.independence-not-applicable td{color:var(--dim)}table.independence td:nth-child(5){min-width:20em}
table.gates tr.pass.nodata td:last-child{color:#8a4b00}table.gates .why{font-weight:normal;font-size:.9em;color:var(--dim);max-width:360px}
.pc{margin:.5em 0}.kv td{font-size:.92em}
figure{margin:.6em 0}figcaption{color:var(--dim);max-width:820px}
svg.plot{max-width:100%;height:auto}
svg text{font:12px system-ui,sans-serif;fill:#333}
svg text.panel{font-weight:600;font-size:13px}svg text.tick,svg text.dim{fill:#777;font-size:11px}
svg text.value{font-size:11px;fill:#444;font-variant-numeric:tabular-nums}svg text.row.pooled{font-weight:600}
svg text.legend{font-size:12px}
svg line.grid{stroke:#e3e6ea}svg rect.band{fill:#f7f8fa}
table.paired tr.sig td{background:#fbeee8}
table.paired tr.sig.anchoring td{background:#f6d5c6;font-weight:600}
.flag{color:var(--clay);font-weight:600}
.ci{color:var(--dim)}
.filters{display:flex;flex-wrap:wrap;gap:.6em 1.2em;align-items:center;margin:.6em 0;padding:.6em;background:#f5f7f9;border-radius:.3em}
.filters select,.filters input{font:inherit;margin-left:.3em}
table.mutants{width:100%}
table.mutants td.change{max-width:360px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
button.open{font:12px ui-monospace,monospace;background:none;border:0;color:#0b5cad;cursor:pointer;padding:0;text-decoration:underline}
.chip{display:inline-block;padding:0 .45em;border-radius:.8em;font-size:.85em;white-space:nowrap;border:1px solid transparent}
.o-c{background:#e3f2e5;color:#1b5e20}.o-m{background:#fdecea;color:#b71c1c}.o-n{background:#fff4e5;color:#8a4b00}.o-e{background:#eceff1;color:#37474f;border-color:#b0bec5}.o-none{color:var(--dim)}
.chip.orig.o-c{background:#fdecea;color:#b71c1c}.chip.orig.o-m{background:#e3f2e5;color:#1b5e20}
tr.detail>td{background:#fbfcfd;padding:.6em 1em}
.drill pre{white-space:pre-wrap;word-break:break-word;margin:0;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
.diff{border:1px solid var(--line);border-radius:.3em;overflow:hidden}
.diff pre{padding:.25em .6em}.diff pre.ctx{color:var(--dim)}
.diff pre.minus{background:#ffeef0}.diff pre.plus{background:#e6ffed}
.diff del.span{background:#fdb8c0;text-decoration:line-through;outline:1px solid #d73a49}
.diff ins.span{background:#acf2bd;text-decoration:none;outline:1px solid #28a745}
.drill .where{color:var(--dim);margin:.2em 0}
table.reviews td.digest{font:11px ui-monospace,monospace;word-break:break-all;max-width:150px}
table.reviews pre.reply{max-height:16em;overflow:auto}
.error{color:var(--fail);margin:0}
.evidence{margin:.4em 0}.evidence pre{background:#f5f7f9;padding:.3em .5em}
.pager button{font:inherit}
table.regression tr.regressed td{background:#fdecea;font-weight:600}table.regression tr.too-small td,table.regression tr.not-in-family td{color:var(--dim)}
ol.flipped>li{margin:.6em 0}ol.flipped li.worse .mark{color:var(--fail)}ol.flipped li.better .mark{color:var(--pass)}ol.flipped pre{white-space:pre-wrap;word-break:break-word;margin:0;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
ol.flipped pre.reply{max-height:16em;overflow:auto;background:#f5f7f9;padding:.3em .5em}
`;
