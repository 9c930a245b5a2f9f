import type { FlippedItem, RegressionReport, RegressionRow } from '../baseline/compare.js';
import { ALL_MUTANTS } from '../results/tabulate.js';
import { formatP, percent, regressionThreshold, signedPoints } from '../measures/format.js';
import { diffBlock } from './markdownSections.js';
import { signedRange } from '../measures/format.js';
import type { CriticReport } from './types.js';

/** Flipped items shown in report.md and report.html per critic; report.json lists them all. */
export const FLIPPED_SHOWN = 20;
/** Characters of each reply shown. */
export const REPLY_SHOWN = 1200;

export const FLIP_WORDS = {
  'lost-catch': 'caught in the baseline, missed now',
  'new-catch': 'missed in the baseline, caught now',
  'new-false-alarm': 'passed in the baseline, flagged now (false alarm)',
  'cleared-false-alarm': 'flagged in the baseline, passed now',
} as const;

export const REGRESSION_COLUMNS = ['items', 'condition', 'n', 'baseline', 'now', 'difference (95%)', 'lost / gained', 'p (one-sided)', 'Holm p', 'unpaired', 'gate'] as const;

/** The regression table's heading, what it compares and how a row is gated: shared by report.md and report.html. */
export function regressionCaption(r: RegressionReport): { title: string; text: string } {
  const gated = r.rows.filter((x) => x.gating === 'gated').length;
  const family =
    r.family === 'pooled'
      ? 'all mutants pooled and the originals (rows: pooled)'
      : r.family === 'per-mutator'
        ? 'every mutator, all mutants pooled and the originals (rows: per-mutator)'
        : `all mutants pooled, the originals and ${r.family.join(', ')}`;
  // With a single mutator there is no separate "all" row: that mutator's rows are all the mutants.
  const single = !r.rows.some((x) => x.mutator === ALL_MUTANTS) && r.rows.find((x) => x.direction === 'catch-drop');
  return {
    title: `Against the baseline (${r.baseline.file}, ${r.baseline.createdAt})`,
    text:
      `${r.pairedItems} items in both runs, compared pair by pair; ${r.onlyInCurrent} only in this run, ${r.onlyInBaseline} only in the baseline (compared unpaired).` +
      ` The gate tests ${family}, per condition${single ? ` (${single.mutator} is the only mutator: its rows are all the mutants)` : ''}. A row of it with at least ${r.minPairs} paired items is gated: it regresses with ${regressionThreshold({ alpha: r.alpha, margin: r.margin, direction: 'catch-drop' })} (a rise, for false alarms), its one-sided exact McNemar p Holm-adjusted across the ${gated} gated rows.` +
      ` A row with fewer is too small and never gated; the other rows are shown with their own p.` +
      (r.identityChanged ? " The critic's identity (model, prompt or script) differs from the baseline's." : ''),
  };
}

/** One row's cells, in REGRESSION_COLUMNS' order, as text. */
export function regressionCells(row: RegressionRow, minPairs: number): string[] {
  const [lost, gained] = row.direction === 'catch-drop' ? [row.b, row.c] : [row.c, row.b];
  const unpaired = row.unpaired
    ? `${row.unpaired.currentOnly.n} new / ${row.unpaired.baselineOnly.n} gone${row.unpaired.delta !== null ? `: ${signedPoints(row.unpaired.delta)} ${signedRange(row.unpaired.ci!)}` : ''}`
    : '–';
  const gate = row.regressed ? 'regressed' : row.gating === 'gated' ? 'gated' : row.gating === 'too-small' ? `too small (under ${minPairs} pairs)` : 'not in the family';
  return [
    `${row.mutator}${row.direction === 'false-alarm-rise' ? ' (false alarms)' : ''}`,
    row.condition,
    String(row.n),
    row.baselineRate === null ? '–' : percent(row.baselineRate),
    row.currentRate === null ? '–' : percent(row.currentRate),
    row.n ? `${signedPoints(row.delta)} ${signedRange(row.ci)}` : '–',
    `${lost} / ${gained}`,
    row.n ? formatP(row.p) : '–',
    row.pHolm === null ? '–' : formatP(row.pHolm),
    unpaired,
    gate,
  ];
}

export function regressionLines(critic: CriticReport): string[] {
  const r = critic.regression;
  if (!r) return [];
  const caption = regressionCaption(r);
  const out = ['', `### ${caption.title}`, '', caption.text, '', `| ${REGRESSION_COLUMNS.join(' | ')} |`, '|---|---|---:|---:|---:|---|---:|---:|---:|---|---|'];
  for (const row of r.rows) out.push(`| ${regressionCells(row, r.minPairs).join(' | ')}${row.regressed ? ' ❌' : ''} |`);
  return out;
}

/** "N worse, M better", and the note when only the first are shown. */
export function flippedHeading(critic: CriticReport): { title: string; note: string | null } {
  const flipped = critic.flipped ?? [];
  const lost = flipped.filter((f) => f.regression).length;
  return {
    title: `Items that flipped since the baseline: ${lost} worse, ${flipped.length - lost} better`,
    note: flipped.length > FLIPPED_SHOWN ? `The first ${FLIPPED_SHOWN} (worst first); report.json lists all ${flipped.length}.` : null,
  };
}

/** A reply as shown: cut to REPLY_SHOWN characters. */
export const shownReply = (text: string) => (text.length > REPLY_SHOWN ? `${text.slice(0, REPLY_SHOWN)}…` : text);

export function flippedLines(critic: CriticReport): string[] {
  if (!critic.regression) return [];
  const flipped = critic.flipped ?? [];
  const heading = flippedHeading(critic);
  const out = ['', `### ${heading.title}`];
  if (heading.note) out.push('', heading.note);
  for (const f of flipped.slice(0, FLIPPED_SHOWN)) out.push(...flippedItem(f));
  return out;
}

function flippedItem(f: FlippedItem): string[] {
  const out = ['', `- **${f.mutator ?? 'original'}** · \`${f.itemId}\` · fixture ${f.fixtureId} · ${f.condition}: ${f.regression ? '❌' : '✅'} ${FLIP_WORDS[f.direction]}`];
  if (f.diff) out.push('', ...diffBlock(f.diff));
  const reply = (label: string, text: string | null) => {
    if (text === null) return;
    out.push(
      '',
      `  <details><summary>${label}</summary>`,
      '',
      '  ```text',
      ...shownReply(text)
        .split('\n')
        .map((l) => `  ${l.replace(/```/g, "'''")}`),
      '  ```',
      '',
      '  </details>',
    );
  };
  reply('reply now', f.currentReply);
  reply('reply in the baseline', f.baselineReply);
  return out;
}
