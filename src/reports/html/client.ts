/**
 * The page's only script: the mutant list (filtered, a page at a time) and the
 * drill-down, built on demand from the embedded JSON. Plain ES2020 for any
 * current browser, no dependencies, no network. Every piece of data reaches
 * the DOM through textContent or an attribute value, never as markup.
 */
export const CLIENT_JS = String.raw`
(function () {
  'use strict';
  var source = document.getElementById('drill-data');
  if (!source) return;
  var data;
  var PAGE = 100;
  var OUTCOME_NAMES = { c: 'caught', m: 'missed', n: 'no verdict', e: 'error', '-': 'not reviewed' };
  var ORIGINAL_NAMES = { c: 'false alarm', m: 'passed', n: 'no verdict', e: 'error', '-': 'not reviewed' };
  var FILTER_LETTER = { caught: 'c', missed: 'm', noverdict: 'n', error: 'e' };
  var $ = function (id) { return document.getElementById(id); };
  var ui = {
    critic: $('f-critic'), mutator: $('f-mutator'), condition: $('f-condition'), outcome: $('f-outcome'), search: $('f-search'),
    count: $('f-count'), rows: $('mutant-rows'), prev: $('f-prev'), next: $('f-next'), page: $('f-page')
  };
  var state = { critic: 0, page: 0, matches: [], open: null };
  // The reviews (replies and digests, the bulk of the data), unpacked once the list is up.
  var reviewsPromise = null;
  function parsed() {
    if (document.readyState !== 'loading') return Promise.resolve();
    return new Promise(function (resolve) { document.addEventListener('DOMContentLoaded', resolve, { once: true }); });
  }
  function reviews() {
    // The reviews block follows this script: wait until the parser has read it.
    if (!reviewsPromise) reviewsPromise = parsed().then(function () { return unpack(document.getElementById('drill-reviews')); }).then(function (r) {
      document.documentElement.setAttribute('data-reviews', '1');
      return r;
    });
    return reviewsPromise;
  }

  // A data block is gzip + base64 (see packData); plain JSON is read as it is.
  function unpack(block) {
    if (!block) return Promise.reject(new Error('the data block is missing'));
    var text = block.textContent.trim();
    if (block.getAttribute('data-encoding') !== 'gzip+base64') return Promise.resolve(JSON.parse(text));
    if (typeof DecompressionStream === 'undefined') return Promise.reject(new Error('this browser has no DecompressionStream; open the report in a current browser'));
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).text().then(JSON.parse);
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k === 'className') node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    }
    if (children) for (var i = 0; i < children.length; i++) if (children[i] != null) node.appendChild(typeof children[i] === 'string' ? document.createTextNode(children[i]) : children[i]);
    return node;
  }
  function option(value, label) { return el('option', { value: value, text: label }); }

  function fillMutators() {
    var names = {};
    data.critics[state.critic].items.forEach(function (it) { if (it.m) names[it.m] = true; });
    var current = ui.mutator.value;
    ui.mutator.textContent = '';
    ui.mutator.appendChild(option('*mutants', 'all mutants'));
    Object.keys(names).sort().forEach(function (m) { ui.mutator.appendChild(option(m, m)); });
    ui.mutator.appendChild(option('*originals', 'originals (controls)'));
    ui.mutator.appendChild(option('*all', 'mutants and originals'));
    if (current && (names[current] || current.charAt(0) === '*')) ui.mutator.value = current;
  }

  // What the search box looks in: the ids, the task, the artifact the critic reviewed (a mutant's with its
  // change applied) and the text a mutant replaced. Built on the first search, then kept on the item.
  function searchText(it, fixture) {
    if (it.t === undefined) {
      var artifact = it.s ? fixture.artifact.slice(0, it.s[0]) + it.r + fixture.artifact.slice(it.s[1]) : (it.a || fixture.artifact);
      it.t = [it.id, fixture.id, fixture.task, artifact, it.o || ''].join('\n').toLowerCase();
    }
    return it.t;
  }

  function applyFilters() {
    var items = data.critics[state.critic].items;
    var mut = ui.mutator.value || '*mutants';
    var cond = ui.condition.value === '*' ? -1 : Number(ui.condition.value);
    var letter = FILTER_LETTER[ui.outcome.value] || '';
    var query = ui.search.value.trim().toLowerCase();
    var fixtures = data.fixtures;
    var matches = [];
    for (var i = 0; i < items.length; i++) {
      var it = items[i];
      if (mut === '*mutants') { if (!it.m) continue; }
      else if (mut === '*originals') { if (it.m) continue; }
      else if (mut !== '*all' && it.m !== mut) continue;
      if (letter) {
        if (cond >= 0) { if (it.x.charAt(cond) !== letter) continue; }
        else if (it.x.indexOf(letter) < 0) continue;
      }
      if (query && searchText(it, fixtures[it.f]).indexOf(query) < 0) continue;
      matches.push(i);
    }
    state.matches = matches;
    state.page = 0;
    state.open = null;
    render();
  }

  function chip(letter, original) {
    var names = original ? ORIGINAL_NAMES : OUTCOME_NAMES;
    return el('span', { className: 'chip o-' + (letter === '-' ? 'none' : letter) + (original ? ' orig' : ''), text: names[letter] || letter });
  }
  function short(text, n) { return text.length > n ? text.slice(0, n - 1) + '…' : text; }

  function render() {
    var items = data.critics[state.critic].items;
    var total = state.matches.length;
    var pages = Math.max(1, Math.ceil(total / PAGE));
    if (state.page >= pages) state.page = pages - 1;
    var from = state.page * PAGE;
    var to = Math.min(total, from + PAGE);
    ui.count.textContent = total + ' of ' + items.length + ' items';
    ui.page.textContent = total ? (from + 1) + '–' + to + ' of ' + total : 'none';
    ui.prev.disabled = state.page === 0;
    ui.next.disabled = state.page >= pages - 1;
    var body = document.createDocumentFragment();
    for (var k = from; k < to; k++) {
      var idx = state.matches[k];
      var it = items[idx];
      var fixture = data.fixtures[it.f];
      var change = it.m ? short(it.o === '' ? '∅' : it.o, 40) + ' → ' + short(it.r === '' ? '∅ (deleted)' : it.r, 40) : '(original)';
      var cells = [
        el('td', null, [el('button', { type: 'button', className: 'open', 'data-index': String(idx), 'aria-expanded': 'false', text: it.id })]),
        el('td', { text: fixture.id }),
        el('td', { text: it.m || 'original' }),
        el('td', { className: 'change', text: change })
      ];
      for (var c = 0; c < data.conditions.length; c++) cells.push(el('td', null, [chip(it.x.charAt(c), !it.m)]));
      body.appendChild(el('tr', { className: 'item', 'data-id': it.id }, cells));
    }
    ui.rows.textContent = '';
    ui.rows.appendChild(body);
  }

  // Drill-down
  function lineBounds(text, start, end) {
    var a = text.lastIndexOf('\n', start - 1) + 1;
    var b = text.indexOf('\n', end);
    return [a, b < 0 ? text.length : b];
  }
  function contextLines(text, from, to, before) {
    var lines = text.slice(from, to).split('\n');
    return before ? lines.slice(-3) : lines.slice(0, 3);
  }
  function diff(fixture, it) {
    var text = fixture.artifact;
    var s = it.s[0], e = it.s[1];
    var bounds = lineBounds(text, s, e);
    var box = el('div', { className: 'diff' });
    if (bounds[0] > 0) {
      var before = contextLines(text, 0, bounds[0] - 1, true);
      box.appendChild(el('pre', { className: 'ctx', text: before.map(function (l) { return '  ' + l; }).join('\n') }));
    }
    box.appendChild(el('pre', { className: 'minus' }, ['- ' + text.slice(bounds[0], s), el('del', { className: 'span', text: it.o }), text.slice(e, bounds[1])]));
    box.appendChild(el('pre', { className: 'plus' }, ['+ ' + text.slice(bounds[0], s), el('ins', { className: 'span', text: it.r }), text.slice(e, bounds[1])]));
    if (bounds[1] < text.length - 1) {
      var after = contextLines(text, bounds[1] + 1, text.length, false).filter(function (l, i, all) { return l !== '' || i < all.length - 1; });
      if (after.length) box.appendChild(el('pre', { className: 'ctx', text: after.map(function (l) { return '  ' + l; }).join('\n') }));
    }
    return box;
  }
  function drill(it, index) {
    var fixture = data.fixtures[it.f];
    var parts = [];
    var where = fixture.file + ' · fixture ' + fixture.id + (it.l ? ' · line ' + it.l[0] + ', column ' + it.l[1] : '');
    parts.push(el('p', { className: 'where', text: where }));
    if (it.m) {
      parts.push(el('h4', { text: it.m + ': the original and the mutant' }));
      parts.push(diff(fixture, it));
    } else {
      parts.push(el('h4', { text: 'The original (a known-correct control)' }));
      parts.push(el('pre', { className: 'artifact', text: it.a != null ? it.a : fixture.artifact }));
    }
    parts.push(el('h4', { text: 'Reviews' }));
    var table = el('table', { className: 'reviews' }, [el('thead', null, [el('tr', null, ['condition', 'repeat', 'verdict', 'critic reply', 'request sha256', 'attempts · latency'].map(function (h) { return el('th', { text: h }); }))])]);
    var tbody = el('tbody', null, [el('tr', null, [el('td', { colspan: '6', className: 'dim', text: 'loading the reviews…' })])]);
    table.appendChild(tbody);
    reviews().then(function (all) { fillReviews(tbody, it, all.critics[state.critic][index], all.replies); }, function (error) {
      tbody.textContent = '';
      tbody.appendChild(el('tr', null, [el('td', { colspan: '6', className: 'error', text: 'The reviews could not be loaded: ' + error.message })]));
    });
    parts.push(table);
    var evidence = el('details', null, [el('summary', { text: 'Task, evidence and worker trace' }), el('p', null, [el('b', { text: 'Task: ' }), fixture.task])]);
    fixture.evidence.forEach(function (ev) { evidence.appendChild(el('div', { className: 'evidence' }, [el('b', { text: ev.id + (ev.title ? ' — ' + ev.title : '') }), el('pre', { text: ev.text })])); });
    if (fixture.trace) evidence.appendChild(el('div', { className: 'evidence' }, [el('b', { text: 'Worker trace (original; under with-trace a mutant carries the same replacement)' }), el('pre', { text: fixture.trace })]));
    parts.push(evidence);
    return el('div', { className: 'drill' }, parts);
  }
  function fillReviews(tbody, it, list, replies) {
    tbody.textContent = '';
    list.forEach(function (r) {
      var outcome = (r[2] === 'e' ? 'error' : r[2] === 'n' ? 'no verdict' : r[3]) + (r[9] === 'l' ? ' · located' : r[9] === 'u' ? ' · not located' : '');
      var cls = (r[2] === 'e' ? 'o-e' : r[2] === 'n' ? 'o-n' : r[3] === 'FAIL' ? 'o-c' : 'o-m') + (it.m ? '' : ' orig');
      var reply = r[4] >= 0 ? replies[r[4]] : '';
      var replyCell = el('td', null, [r[6] ? el('p', { className: 'error', text: r[6] }) : null, reply ? el('pre', { className: 'reply', text: reply }) : null]);
      tbody.appendChild(el('tr', null, [
        el('td', { text: data.conditions[r[0]] }), el('td', { text: String(r[1]) }), el('td', null, [el('span', { className: 'chip ' + cls, text: outcome })]),
        replyCell, el('td', { className: 'digest', text: r[5] }), el('td', { text: r[7] + ' · ' + r[8] + ' ms' })
      ]));
    });
    if (!list.length) tbody.appendChild(el('tr', null, [el('td', { colspan: '6', text: 'not reviewed by this critic' })]));
  }

  function start() {
    data.critics.forEach(function (c, i) { ui.critic.appendChild(option(String(i), c.name)); });
    if (data.critics.length < 2) ui.critic.parentNode.hidden = true;
    ui.condition.appendChild(option('*', 'any condition'));
    data.conditions.forEach(function (c, i) { ui.condition.appendChild(option(String(i), c)); });
    ui.rows.addEventListener('click', function (event) {
      var button = event.target.closest('button.open');
      if (!button) return;
      var row = button.closest('tr');
      var next = row.nextElementSibling;
      if (next && next.classList.contains('detail')) {
        next.remove();
        button.setAttribute('aria-expanded', 'false');
        return;
      }
      var index = Number(button.getAttribute('data-index'));
      var detail = el('tr', { className: 'detail' }, [el('td', { colspan: String(4 + data.conditions.length) }, [drill(data.critics[state.critic].items[index], index)])]);
      row.parentNode.insertBefore(detail, row.nextSibling);
      button.setAttribute('aria-expanded', 'true');
    });
    ui.critic.addEventListener('change', function () { state.critic = Number(ui.critic.value); fillMutators(); applyFilters(); });
    [ui.mutator, ui.condition, ui.outcome].forEach(function (s) { s.addEventListener('change', applyFilters); });
    var timer = 0;
    ui.search.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(applyFilters, 120); });
    ui.prev.addEventListener('click', function () { state.page--; render(); });
    ui.next.addEventListener('click', function () { state.page++; render(); });
    fillMutators();
    applyFilters();
    document.body.classList.add('js');
    document.documentElement.setAttribute('data-ready', '1');
    // Milliseconds from navigation to a usable list, for the page's own timing test.
    window.criticAuditReadyMs = performance.now();
    parsed().then(function () { setTimeout(reviews, 0); });
  }

  // The list block precedes this script and is plain JSON: the list is up before the parser reads on.
  try {
    data = JSON.parse(source.textContent);
  } catch (error) {
    ui.count.textContent = 'The mutant list could not be read: ' + error.message;
    document.documentElement.setAttribute('data-ready', 'error');
    return;
  }
  start();
})();
`;
