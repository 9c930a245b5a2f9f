import type { FlippedItem } from '../../baseline/compare.js';
import { FLIP_WORDS, FLIPPED_SHOWN, flippedHeading, REGRESSION_COLUMNS, regressionCaption, regressionCells, shownReply } from '../regressionSections.js';
import type { CriticReport } from '../types.js';
import { escapeHtml as e } from '../../measures/escape.js';

/** Columns read as numbers (right-aligned): n to Holm p, but not the difference with its interval. */
const NUMERIC = new Set<string>(['n', 'baseline', 'now', 'lost / gained', 'p (one-sided)', 'Holm p']);

/**
 * report.html: a critic against its baseline (critics[name].regression and .flipped), as report.md has it: every
 * row with whether the gate tested it, then the items that flipped, each with the mutant's diff and both replies.
 */
export function regressionHtml(critic: CriticReport): string {
  const r = critic.regression;
  if (!r) return '';
  const caption = regressionCaption(r);
  const head = REGRESSION_COLUMNS.map((c) => `<th>${e(c)}</th>`).join('');
  const rows = r.rows
    .map((row) => {
      const cells = regressionCells(row, r.minPairs)
        .map((text, i) => `<td${NUMERIC.has(REGRESSION_COLUMNS[i]!) ? ' class="num"' : ''}>${e(text)}</td>`)
        .join('');
      return `<tr class="${row.regressed ? 'regressed' : row.gating}" data-mutator="${e(row.mutator)}" data-condition="${e(row.condition)}" data-gating="${row.gating}">${cells}</tr>`;
    })
    .join('');
  const heading = flippedHeading(critic);
  const flipped = critic.flipped.slice(0, FLIPPED_SHOWN).map(flippedHtml).join('');
  return `<section class="regression"><h3>${e(caption.title)}</h3><p class="dim">${e(caption.text)}</p><table class="regression"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
<h3>${e(heading.title)}</h3>${heading.note ? `<p class="dim">${e(heading.note)}</p>` : ''}${flipped ? `<ol class="flipped">${flipped}</ol>` : ''}</section>`;
}

function flippedHtml(f: FlippedItem): string {
  const diff = f.diff ? `<div class="diff"><pre class="ctx">@@ line ${f.diff.line} @@</pre><pre class="minus">- ${e(f.diff.before)}</pre><pre class="plus">+ ${e(f.diff.after)}</pre></div>` : '';
  const reply = (which: string, label: string, text: string | null) =>
    text === null ? '' : `<details class="reply ${which}"><summary>${label}</summary><pre class="reply">${e(shownReply(text))}</pre></details>`;
  return `<li class="flip ${f.regression ? 'worse' : 'better'}" data-item="${e(f.itemId)}" data-condition="${e(f.condition)}"><p><b>${e(f.mutator ?? 'original')}</b> · <code>${e(f.itemId)}</code> · fixture ${e(f.fixtureId)} · ${e(f.condition)}: <span class="mark">${f.regression ? '✗' : '✓'}</span> ${FLIP_WORDS[f.direction]}</p>${diff}${reply('now', 'reply now', f.currentReply)}${reply('baseline', 'reply in the baseline', f.baselineReply)}</li>`;
}
