import type { DrillData, DrillFixture, DrillItem, DrillMutant, DrillReview, DrillReviews, OutcomeLetter, OutcomeLetters } from '../drill.js';

declare global {
  interface Window {
    /** Milliseconds from navigation to a usable list, for the page's own timing test. */
    criticAuditReadyMs?: number;
  }
}

/**
 * The page's only script: the mutant list (filtered, a page at a time) and the
 * drill-down, built on demand from the embedded JSON. It runs in the browser,
 * not here: client.ts embeds this function's compiled text in the page, so it
 * must reach nothing outside its own body but its arguments and the browser's
 * globals (this module imports types only). Every piece of data reaches the
 * DOM through textContent or an attribute value, never as markup.
 *
 * `letters`: each outcome code's letter in DrillItem.x (the outcome filter's
 * options are the codes).
 */
export function drillDown(letters: OutcomeLetters): void {
  const source = document.getElementById('drill-data');
  if (!source) return;
  const PAGE = 100;
  const OUTCOME_NAMES: Record<OutcomeLetter, string> = { c: 'caught', m: 'missed', n: 'no verdict', e: 'error', '-': 'not reviewed' };
  const ORIGINAL_NAMES: Record<OutcomeLetter, string> = { c: 'false alarm', m: 'passed', n: 'no verdict', e: 'error', '-': 'not reviewed' };
  const outcomeNames = new Map<string, string>(Object.entries(OUTCOME_NAMES));
  const originalNames = new Map<string, string>(Object.entries(ORIGINAL_NAMES));
  const filterLetter = new Map<string, string>(Object.entries(letters));

  /** The page's element of this id, of the kind its markup gives it. */
  function byId<T extends HTMLElement>(id: string, kind: { new (): T; prototype: T }): T {
    const node = document.getElementById(id);
    if (!(node instanceof kind)) throw new Error(`report.html has no ${kind.name} #${id}`);
    return node;
  }
  const ui = {
    critic: byId('f-critic', HTMLSelectElement),
    mutator: byId('f-mutator', HTMLSelectElement),
    condition: byId('f-condition', HTMLSelectElement),
    outcome: byId('f-outcome', HTMLSelectElement),
    search: byId('f-search', HTMLInputElement),
    count: byId('f-count', HTMLSpanElement),
    rows: byId('mutant-rows', HTMLTableSectionElement),
    prev: byId('f-prev', HTMLButtonElement),
    next: byId('f-next', HTMLButtonElement),
    page: byId('f-page', HTMLSpanElement),
  };
  const state = { critic: 0, page: 0, matches: [] as number[] };
  // The reviews (replies and digests, the bulk of the data), unpacked once the list is up.
  let reviewsPromise: Promise<DrillReviews> | null = null;
  function parsed(): Promise<unknown> {
    if (document.readyState !== 'loading') return Promise.resolve();
    return new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  function reviews(): Promise<DrillReviews> {
    // The reviews block follows this script: wait until the parser has read it.
    reviewsPromise ??= parsed()
      .then(() => unpack<DrillReviews>(document.getElementById('drill-reviews')))
      .then((r) => {
        document.documentElement.setAttribute('data-reviews', '1');
        return r;
      });
    return reviewsPromise;
  }

  // A data block is gzip + base64 (see packData); plain JSON is read as it is.
  function unpack<T>(block: HTMLElement | null): Promise<T> {
    if (!block) return Promise.reject(new Error('the data block is missing'));
    const text = (block.textContent ?? '').trim();
    if (block.getAttribute('data-encoding') !== 'gzip+base64') return Promise.resolve(JSON.parse(text));
    if (typeof DecompressionStream === 'undefined') return Promise.reject(new Error('this browser has no DecompressionStream; open the report in a current browser'));
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).text().then((json) => JSON.parse(json));
  }

  /** An element with its attributes (`text` its text, `className` its class) and children. */
  function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string> | null, children?: ReadonlyArray<Node | string | null>): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    if (attrs) {
      const { text, className, ...attributes } = attrs;
      if (text !== undefined) node.textContent = text;
      if (className !== undefined) node.className = className;
      for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
    }
    if (children) for (const child of children) if (child != null) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    return node;
  }
  const option = (value: string, label: string) => el('option', { value, text: label });
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

  function fillMutators(): void {
    const names = new Set<string>();
    for (const it of data.critics[state.critic]!.items) if (it.m) names.add(it.m);
    const current = ui.mutator.value;
    ui.mutator.textContent = '';
    ui.mutator.appendChild(option('*mutants', 'all mutants'));
    for (const m of [...names].sort()) ui.mutator.appendChild(option(m, m));
    ui.mutator.appendChild(option('*originals', 'originals (controls)'));
    ui.mutator.appendChild(option('*all', 'mutants and originals'));
    if (current && (names.has(current) || current.charAt(0) === '*')) ui.mutator.value = current;
  }

  // What the search box looks in: the ids, the task, the artifact the critic reviewed (a mutant's with its
  // change applied) and the text a mutant replaced. Built on the first search, then kept.
  const searchTexts = new WeakMap<DrillItem, string>();
  function searchText(it: DrillItem, fixture: DrillFixture): string {
    let text = searchTexts.get(it);
    if (text === undefined) {
      const artifact = it.m !== null ? fixture.artifact.slice(0, it.s[0]) + it.r + fixture.artifact.slice(it.s[1]) : (it.a ?? fixture.artifact);
      text = [it.id, fixture.id, fixture.task, artifact, it.m !== null ? it.o : ''].join('\n').toLowerCase();
      searchTexts.set(it, text);
    }
    return text;
  }

  function applyFilters(): void {
    const items = data.critics[state.critic]!.items;
    const mut = ui.mutator.value || '*mutants';
    const cond = ui.condition.value === '*' ? -1 : Number(ui.condition.value);
    const letter = filterLetter.get(ui.outcome.value) ?? '';
    const query = ui.search.value.trim().toLowerCase();
    const matches: number[] = [];
    items.forEach((it, i) => {
      if (mut === '*mutants') {
        if (!it.m) return;
      } else if (mut === '*originals') {
        if (it.m) return;
      } else if (mut !== '*all' && it.m !== mut) return;
      if (letter) {
        if (cond >= 0) {
          if (it.x.charAt(cond) !== letter) return;
        } else if (!it.x.includes(letter)) return;
      }
      if (query && !searchText(it, data.fixtures[it.f]!).includes(query)) return;
      matches.push(i);
    });
    state.matches = matches;
    state.page = 0;
    render();
  }

  function chip(letter: string, original: boolean): HTMLSpanElement {
    const names = original ? originalNames : outcomeNames;
    return el('span', { className: `chip o-${letter === '-' ? 'none' : letter}${original ? ' orig' : ''}`, text: names.get(letter) ?? letter });
  }
  const short = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

  function render(): void {
    const items = data.critics[state.critic]!.items;
    const total = state.matches.length;
    const pages = Math.max(1, Math.ceil(total / PAGE));
    if (state.page >= pages) state.page = pages - 1;
    const from = state.page * PAGE;
    const to = Math.min(total, from + PAGE);
    ui.count.textContent = `${total} of ${items.length} items`;
    ui.page.textContent = total ? `${from + 1}–${to} of ${total}` : 'none';
    ui.prev.disabled = state.page === 0;
    ui.next.disabled = state.page >= pages - 1;
    const body = document.createDocumentFragment();
    for (const index of state.matches.slice(from, to)) {
      const it = items[index]!;
      const fixture = data.fixtures[it.f]!;
      const change = it.m !== null ? `${short(it.o === '' ? '∅' : it.o, 40)} → ${short(it.r === '' ? '∅ (deleted)' : it.r, 40)}` : '(original)';
      const cells = [
        el('td', null, [el('button', { type: 'button', className: 'open', 'data-index': String(index), 'aria-expanded': 'false', text: it.id })]),
        el('td', { text: fixture.id }),
        el('td', { text: it.m ?? 'original' }),
        el('td', { className: 'change', text: change }),
      ];
      for (let c = 0; c < data.conditions.length; c++) cells.push(el('td', null, [chip(it.x.charAt(c), !it.m)]));
      body.appendChild(el('tr', { className: 'item', 'data-id': it.id }, cells));
    }
    ui.rows.textContent = '';
    ui.rows.appendChild(body);
  }

  // Drill-down
  function lineBounds(text: string, start: number, end: number): [number, number] {
    const a = text.lastIndexOf('\n', start - 1) + 1;
    const b = text.indexOf('\n', end);
    return [a, b < 0 ? text.length : b];
  }
  function contextLines(text: string, from: number, to: number, before: boolean): string[] {
    const lines = text.slice(from, to).split('\n');
    return before ? lines.slice(-3) : lines.slice(0, 3);
  }
  const indented = (lines: string[]) => lines.map((l) => `  ${l}`).join('\n');
  function diff(fixture: DrillFixture, it: DrillMutant): HTMLDivElement {
    const text = fixture.artifact;
    const [s, e] = it.s;
    const [lineStart, lineEnd] = lineBounds(text, s, e);
    const box = el('div', { className: 'diff' });
    if (lineStart > 0) box.appendChild(el('pre', { className: 'ctx', text: indented(contextLines(text, 0, lineStart - 1, true)) }));
    box.appendChild(el('pre', { className: 'minus' }, [`- ${text.slice(lineStart, s)}`, el('del', { className: 'span', text: it.o }), text.slice(e, lineEnd)]));
    box.appendChild(el('pre', { className: 'plus' }, [`+ ${text.slice(lineStart, s)}`, el('ins', { className: 'span', text: it.r }), text.slice(e, lineEnd)]));
    if (lineEnd < text.length - 1) {
      const after = contextLines(text, lineEnd + 1, text.length, false).filter((l, i, all) => l !== '' || i < all.length - 1);
      if (after.length) box.appendChild(el('pre', { className: 'ctx', text: indented(after) }));
    }
    return box;
  }
  function drill(it: DrillItem, index: number): HTMLDivElement {
    const fixture = data.fixtures[it.f]!;
    const parts: HTMLElement[] = [];
    const where = `${fixture.file} · fixture ${fixture.id}${it.m !== null ? ` · line ${it.l[0]}, column ${it.l[1]}` : ''}`;
    parts.push(el('p', { className: 'where', text: where }));
    if (it.m !== null) {
      parts.push(el('h4', { text: `${it.m}: the original and the mutant` }));
      parts.push(diff(fixture, it));
    } else {
      parts.push(el('h4', { text: 'The original (a known-correct control)' }));
      parts.push(el('pre', { className: 'artifact', text: it.a ?? fixture.artifact }));
    }
    parts.push(el('h4', { text: 'Reviews' }));
    const headings = ['condition', 'repeat', 'verdict', 'critic reply', 'request sha256', 'attempts · latency'].map((h) => el('th', { text: h }));
    const table = el('table', { className: 'reviews' }, [el('thead', null, [el('tr', null, headings)])]);
    const tbody = el('tbody', null, [el('tr', null, [el('td', { colspan: '6', className: 'dim', text: 'loading the reviews…' })])]);
    table.appendChild(tbody);
    reviews().then(
      (all) => fillReviews(tbody, it, all.critics[state.critic]![index]!, all.replies),
      (error: unknown) => {
        tbody.textContent = '';
        tbody.appendChild(el('tr', null, [el('td', { colspan: '6', className: 'error', text: `The reviews could not be loaded: ${message(error)}` })]));
      },
    );
    parts.push(table);
    const evidence = el('details', null, [el('summary', { text: 'Task, evidence and worker trace' }), el('p', null, [el('b', { text: 'Task: ' }), fixture.task])]);
    for (const ev of fixture.evidence) evidence.appendChild(el('div', { className: 'evidence' }, [el('b', { text: ev.id + (ev.title ? ` — ${ev.title}` : '') }), el('pre', { text: ev.text })]));
    const traceNote = 'Worker trace (original; under with-trace a mutant carries the same replacement)';
    if (fixture.trace) evidence.appendChild(el('div', { className: 'evidence' }, [el('b', { text: traceNote }), el('pre', { text: fixture.trace })]));
    parts.push(evidence);
    return el('div', { className: 'drill' }, parts);
  }
  function fillReviews(tbody: HTMLTableSectionElement, it: DrillItem, list: readonly DrillReview[], replies: readonly string[]): void {
    tbody.textContent = '';
    for (const [condition, repeat, outcome, verdict, reply, requestDigest, error, attempts, latencyMs, located, calls] of list) {
      const said = (outcome === 'e' ? 'error' : outcome === 'n' ? 'no verdict' : verdict) + (located === 'l' ? ' · located' : located === 'u' ? ' · not located' : '');
      const cls = (outcome === 'e' ? 'o-e' : outcome === 'n' ? 'o-n' : verdict === 'FAIL' ? 'o-c' : 'o-m') + (it.m ? '' : ' orig');
      const replyText = reply >= 0 ? replies[reply]! : '';
      // A critic with tools: its calls, in order, before the reply they led to (styled here: the page's style sheet is the same with tools or without).
      const timeline = calls
        ? calls.length
          ? el(
              'ol',
              { className: 'calls', style: 'margin:0 0 .4em;padding-left:1.6em;font:12px ui-monospace,monospace' },
              calls.map(([tool, args, denied, ms, digest]) =>
                el('li', { className: denied ? 'denied error' : '', text: `${tool}(${args}) · ${ms} ms · result ${digest}${denied ? ' · denied' : ''}` }),
              ),
            )
          : el('p', { className: 'calls', text: 'no tool call before the verdict' })
        : null;
      const replyCell = el('td', null, [error ? el('p', { className: 'error', text: error }) : null, timeline, replyText ? el('pre', { className: 'reply', text: replyText }) : null]);
      tbody.appendChild(
        el('tr', null, [
          el('td', { text: data.conditions[condition]! }),
          el('td', { text: String(repeat) }),
          el('td', null, [el('span', { className: `chip ${cls}`, text: said })]),
          replyCell,
          el('td', { className: 'digest', text: requestDigest }),
          el('td', { text: `${attempts} · ${latencyMs} ms` }),
        ]),
      );
    }
    if (!list.length) tbody.appendChild(el('tr', null, [el('td', { colspan: '6', text: 'not reviewed by this critic' })]));
  }

  function start(): void {
    data.critics.forEach((c, i) => ui.critic.appendChild(option(String(i), c.name)));
    if (data.critics.length < 2 && ui.critic.parentElement) ui.critic.parentElement.hidden = true;
    ui.condition.appendChild(option('*', 'any condition'));
    data.conditions.forEach((c, i) => ui.condition.appendChild(option(String(i), c)));
    ui.rows.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button.open') : null;
      const row = button?.closest('tr');
      if (!button || !row) return;
      const next = row.nextElementSibling;
      if (next?.classList.contains('detail')) {
        next.remove();
        button.setAttribute('aria-expanded', 'false');
        return;
      }
      const index = Number(button.getAttribute('data-index'));
      const detail = el('tr', { className: 'detail' }, [el('td', { colspan: String(4 + data.conditions.length) }, [drill(data.critics[state.critic]!.items[index]!, index)])]);
      row.after(detail);
      button.setAttribute('aria-expanded', 'true');
    });
    ui.critic.addEventListener('change', () => {
      state.critic = Number(ui.critic.value);
      fillMutators();
      applyFilters();
    });
    for (const s of [ui.mutator, ui.condition, ui.outcome]) s.addEventListener('change', applyFilters);
    let timer = 0;
    ui.search.addEventListener('input', () => {
      clearTimeout(timer);
      timer = window.setTimeout(applyFilters, 120);
    });
    ui.prev.addEventListener('click', () => {
      state.page--;
      render();
    });
    ui.next.addEventListener('click', () => {
      state.page++;
      render();
    });
    fillMutators();
    applyFilters();
    document.body.classList.add('js');
    document.documentElement.setAttribute('data-ready', '1');
    window.criticAuditReadyMs = performance.now();
    void parsed().then(() => setTimeout(reviews, 0));
  }

  // The list block precedes this script and is plain JSON: the list is up before the parser reads on.
  let data: DrillData;
  try {
    data = JSON.parse(source.textContent ?? '');
  } catch (error) {
    ui.count.textContent = `The mutant list could not be read: ${message(error)}`;
    document.documentElement.setAttribute('data-ready', 'error');
    return;
  }
  start();
}
