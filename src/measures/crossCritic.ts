import { crossCritic, type CrossCritic } from '../results/crossCritic.js';
import type { Interval } from '../statistics/wilson.js';
import { escapeHtml as e } from './escape.js';
import { formatP, percent, percentInterval } from './format.js';
import { runMeasure } from './measure.js';

const rate = (r: { rate: number; ci: Interval } | null) => (r ? `${percent(r.rate)} ${percentInterval(r.ci)}` : '–');

/** Critics side by side on the mutants they all reviewed clean: null with fewer than two critics sharing items. */
export const crossCritics = runMeasure({
  key: 'crossCritic',
  rank: 10,
  figure: (scope): CrossCritic | null => crossCritic(scope.items, scope.outcomes),
  markdown: {
    rank: 10,
    render(cross) {
      if (!cross) return [];
      const out = [
        '',
        '## Critics side by side (clean)',
        '',
        'A second critic only helps where it catches what the first misses; a committee that flags on any member also sums their false alarms.',
        '',
        '| critics | mutants | both caught | first only | second only | both missed | McNemar p | majority (both) | any flags | false alarms: majority · any |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ];
      for (const p of cross.pairs) {
        out.push(
          `| ${p.critics.join(' · ')} | ${p.n} | ${p.bothCaught} | ${p.firstOnly} | ${p.secondOnly} | ${p.bothMissed} | ${formatP(p.p)} | ${rate(p.majority)} | ${rate(p.anyFlags)} | ${rate(p.originals.majority)} · ${rate(p.originals.anyFlags)} (n=${p.originals.n}) |`,
        );
      }
      const c = cross.committee;
      if (c)
        out.push(
          '',
          `All ${c.critics.length} critics as a committee, on ${c.n} mutants: majority ${rate(c.majority)}, any flags ${rate(c.anyFlags)}; false alarms on ${c.originals.n} originals: majority ${rate(c.originals.majority)}, any ${rate(c.originals.anyFlags)}.`,
        );
      return out;
    },
  },
  html: {
    rank: 10,
    /** Each pair of critics on the mutants both reviewed clean, and the committees they would make. */
    render(cross) {
      if (!cross) return '';
      const rows = cross.pairs
        .map(
          (p) =>
            `<tr><td>${e(p.critics.join(' · '))}</td><td class="num">${p.n}</td><td class="num">${p.bothCaught}</td><td class="num">${p.firstOnly}</td><td class="num">${p.secondOnly}</td><td class="num">${p.bothMissed}</td><td class="num">${formatP(p.p)}</td><td class="num">${rate(p.majority)}</td><td class="num">${rate(p.anyFlags)}</td><td class="num">${rate(p.originals.majority)} · ${rate(p.originals.anyFlags)}</td></tr>`,
        )
        .join('');
      const c = cross.committee;
      const committee = c
        ? `<p>All ${c.critics.length} critics as a committee, on ${c.n} mutants: majority ${rate(c.majority)}, any flags ${rate(c.anyFlags)}; false alarms on ${c.originals.n} originals: majority ${rate(c.originals.majority)}, any ${rate(c.originals.anyFlags)}.</p>`
        : '';
      return `<section id="cross-critic"><h2>Critics side by side (clean)</h2><p class="dim">A second critic only helps where it catches what the first misses (first only / second only, exact McNemar between them); a committee that flags on any member also adds up their false alarms.</p><table class="cross"><thead><tr><th>critics</th><th>mutants</th><th>both caught</th><th>first only</th><th>second only</th><th>both missed</th><th>McNemar p</th><th>majority (both)</th><th>any flags</th><th>false alarms: majority · any</th></tr></thead><tbody>${rows}</tbody></table>${committee}</section>`;
    },
  },
});
