import { ALL_CONDITIONS, type Condition } from '../requests/conditions/index.js';
import type { CriticTables } from '../results/tabulate.js';
import { escapeHtml as e } from './escape.js';
import { NO_DATA, percent, percentInterval } from './format.js';

/** The colours the conditions own (sealed in slate, the trace in clay, the prior verdicts in blue and purple), by name. */
export const CONDITION_COLOURS: Readonly<Record<string, string>> = Object.fromEntries(ALL_CONDITIONS.flatMap((c: Condition) => (c.colour ? [[c.name, c.colour]] : [])));
/** Conditions without a colour of their own (declared ones among them) take these, by a hash of the name, so each keeps its colour from run to run. */
const HASHED_COLOURS = ['#2e7d32', '#b8860b', '#00838f', '#ad1457', '#6d4c41'];
/** A condition's colour in the figure: its own, or one by a hash of its name. */
export const conditionColour = (condition: string) => CONDITION_COLOURS[condition] ?? HASHED_COLOURS[[...condition].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7) % HASHED_COLOURS.length]!;

interface Cell {
  n: number;
  rate: number;
  ci: [number, number];
}

interface Row {
  label: string;
  kind: 'catch' | 'pooled' | 'false-alarm';
  cells: Partial<Record<string, Cell>>;
}

const LABEL_W = 150;
const PANEL_W = 320;
const VALUE_W = 112;
const GAP = 28;
const FA_PANEL_W = 220;
const STEP = 15;
const ROW_PAD = 12;
const TOP = 46;
const BOTTOM = 34;

/**
 * The dot-and-interval figure: for each mutator (and all mutants pooled), the
 * catch rate under every condition as a dot with its Wilson 95% interval as a
 * bar; beside it, the false-alarm rate on the originals under each condition.
 * Plain inline SVG: no script, readable as it is; each mark has a <title>.
 */
export function renderPlot(critic: Pick<CriticTables, 'byMutator' | 'pooled' | 'falseAlarms'>, conditions: readonly string[], criticName: string): string {
  // A mutator the critic never reviewed (an artifact kind it does not take) has no cells: no row.
  const catchRows: Row[] = Object.entries(critic.byMutator)
    .filter(([, cells]) => Object.keys(cells).length > 0)
    .map(([label, cells]) => ({ label, kind: 'catch', cells }));
  if (catchRows.length > 1) catchRows.push({ label: 'all mutants', kind: 'pooled', cells: critic.pooled });
  const alarmRow: Row = { label: 'originals', kind: 'false-alarm', cells: critic.falseAlarms };

  const groupH = conditions.length * STEP + ROW_PAD;
  const plotH = Math.max(catchRows.length, 1) * groupH;
  const H = TOP + plotH + BOTTOM + 22;
  const x0 = LABEL_W;
  const fx0 = LABEL_W + PANEL_W + VALUE_W + GAP;
  const W = fx0 + FA_PANEL_W + VALUE_W;
  const svg: string[] = [];
  svg.push(`<svg class="plot" role="img" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg" data-critic="${e(criticName)}">`);
  svg.push(`<title>${e(criticName)}: catch rate by mutator and false alarms on the originals, per condition, with Wilson 95% intervals</title>`);
  svg.push(`<text x="${x0}" y="16" class="panel">Catch rate on mutants</text>`);
  svg.push(`<text x="${fx0}" y="16" class="panel">False alarms on originals</text>`);
  axis(svg, x0, PANEL_W, TOP, plotH);
  axis(svg, fx0, FA_PANEL_W, TOP, groupH);

  catchRows.forEach((row, r) => {
    const y = TOP + r * groupH;
    if (r % 2 === 1) svg.push(`<rect x="0" y="${y}" width="${LABEL_W + PANEL_W + VALUE_W}" height="${groupH}" class="band"/>`);
    svg.push(`<text x="${LABEL_W - 10}" y="${y + groupH / 2 + 4}" text-anchor="end" class="row${row.kind === 'pooled' ? ' pooled' : ''}">${e(row.label)}</text>`);
    marks(svg, row, conditions, x0, PANEL_W, y);
  });
  if (!catchRows.length) svg.push(`<text x="${x0 + 8}" y="${TOP + 20}" class="dim">no mutants reviewed</text>`);
  marks(svg, alarmRow, conditions, fx0, FA_PANEL_W, TOP);

  // Legend, under the false-alarm panel.
  conditions.forEach((c, i) => {
    const y = TOP + groupH + 24 + i * 18;
    svg.push(`<circle cx="${fx0 + 6}" cy="${y - 4}" r="4.5" fill="${conditionColour(c)}"/><text x="${fx0 + 16}" y="${y}" class="legend">${e(c)}</text>`);
  });
  svg.push(`<text x="${x0}" y="${H - 6}" class="dim">dot: share flagged · bar: Wilson 95% interval · n: items</text>`);
  svg.push('</svg>');
  return svg.join('');
}

function axis(svg: string[], x0: number, width: number, top: number, height: number): void {
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const x = x0 + t * width;
    svg.push(`<line x1="${x}" y1="${top - 4}" x2="${x}" y2="${top + height}" class="grid"/>`);
    svg.push(`<text x="${x}" y="${top - 8}" text-anchor="middle" class="tick">${Math.round(t * 100)}%</text>`);
  }
}

function marks(svg: string[], row: Row, conditions: readonly string[], x0: number, width: number, y0: number): void {
  const x = (rate: number) => (x0 + rate * width).toFixed(1);
  conditions.forEach((condition, i) => {
    const y = y0 + ROW_PAD / 2 + i * STEP + STEP / 2;
    const cell = row.cells[condition];
    const colour = conditionColour(condition);
    if (!cell || cell.n === 0) {
      // No answered review (every one failed): no dot, since 0% [0–100] would read as a figure.
      svg.push(`<text x="${x0 + width + 14}" y="${y + 4}" class="value dim${cell ? ' nodata' : ''}">${cell ? NO_DATA : '–'}</text>`);
      return;
    }
    const [lo, hi] = cell.ci;
    const label = `${row.label}, ${condition}: ${percent(cell.rate)} ${percentInterval(cell.ci)}, n=${cell.n}`;
    svg.push(
      `<g class="interval" data-kind="${row.kind}" data-mutator="${e(row.label)}" data-condition="${e(condition)}" data-rate="${cell.rate}" data-lo="${lo}" data-hi="${hi}">` +
        `<title>${e(label)}</title>` +
        `<line x1="${x(lo)}" y1="${y}" x2="${x(hi)}" y2="${y}" stroke="${colour}" stroke-width="2"/>` +
        `<line x1="${x(lo)}" y1="${y - 3}" x2="${x(lo)}" y2="${y + 3}" stroke="${colour}" stroke-width="1.5"/>` +
        `<line x1="${x(hi)}" y1="${y - 3}" x2="${x(hi)}" y2="${y + 3}" stroke="${colour}" stroke-width="1.5"/>` +
        `<circle cx="${x(cell.rate)}" cy="${y}" r="4.5" fill="${colour}"/>` +
        `<text x="${x0 + width + 14}" y="${y + 4}" class="value">${e(`${percent(cell.rate)} ${percentInterval(cell.ci)}`)}</text>` +
        `</g>`,
    );
  });
}
