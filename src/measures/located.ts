import chalk from 'chalk';
import { attachLocated, replyAnalysis, type GrammarAdherence, type OriginalCitations } from '../results/located.js';
import type { CatchCell, PairedComparison } from '../results/tabulate.js';
import { escapeHtml as e } from './escape.js';
import { percent, percentInterval, rateCell } from './format.js';
import { criticMeasure } from './measure.js';

/** What the critic's replies said beyond their verdicts: how they kept to its grammar, and what its false alarms pointed at. */
interface ReplyFigures {
  /** How the replies kept to the critic's verdict grammar: verdicts, invalid replies by reason, and per-claim figures. */
  grammar: GrammarAdherence;
  /** Per condition: what the critic's flags on the originals (false alarms) pointed at. */
  falseAlarmCitations: Partial<Record<string, OriginalCitations>>;
  /** All mutants' located catches, each condition against clean on the same mutants (exact McNemar, Holm-adjusted over these rows). */
  pairedLocated: PairedComparison[];
}

/**
 * Located catches (where the critic looked, not only what it concluded): the replies read again with the critic's
 * grammar as they stream by. Each catch cell of the tables gains its located catches (the reply pointed at the
 * mutation) and the share of its catches that were not; the figure is the grammar's adherence and what the false
 * alarms cited. `catchRate`'s `mode: located` gates the located cells (catchRates.ts).
 */
export const located = criticMeasure({
  key: 'grammar',
  rank: 140,
  spread: { grammar: 140, falseAlarmCitations: 150, pairedLocated: 155 },
  reads: (scope) => replyAnalysis(scope.items, scope.fixtures, scope.settings.conditions, { grammar: scope.critic.verdict, notFound: scope.critic.notFound }),
  addToTables: (tables, analysis) => attachLocated(tables, analysis!),
  figure: (_scope, analysis): ReplyFigures => ({ grammar: analysis!.grammar, falseAlarmCitations: analysis!.falseAlarmCitations, pairedLocated: analysis!.pairedLocated }),
  terminal: {
    rank: 100,
    /** One line: the clean located catch beside the raw one (all mutants), and the grammar's adherence. */
    render({ grammar: g }, { tables }) {
      const clean = tables.pooled.clean;
      const parts: string[] = [];
      if (clean?.located && clean.n) parts.push(`clean catch ${percent(clean.rate)}, located ${percent(clean.located.rate)}`);
      parts.push(`${g.grammar}: ${percent(g.rate)} of replies read${g.invalid.count ? `, ${g.invalid.count} invalid (${invalidReasons(g)})` : ''}`);
      return [chalk.dim(`  ${parts.join(' · ')}`)];
    },
  },
  markdown: {
    rank: 50,
    /** Located catches per mutator and condition, what the false alarms cited, and how the replies kept to the critic's grammar. */
    render({ grammar: g, falseAlarmCitations }, { tables, conditions }) {
      const out = [
        '',
        '### Located catches: the reply pointed at the mutation (Wilson 95%; unlocated: share of raw catches that did not)',
        '',
        `| mutator | ${conditions.join(' | ')} |`,
        `|---|${conditions.map(() => '---').join('|')}|`,
      ];
      for (const [mutator, cells] of Object.entries(tables.byMutator)) out.push(`| ${mutator} | ${conditions.map((c) => locatedCell(cells[c])).join(' | ')} |`);
      out.push(`| **all** | ${conditions.map((c) => locatedCell(tables.pooled[c])).join(' | ')} |`);
      const cited = Object.entries(falseAlarmCitations);
      if (cited.length) {
        out.push('', 'What the false alarms cited:');
        for (const [condition, c] of cited) {
          const top = c?.cited.map((x) => `"${short(x.claim).replace(/\|/g, '\\|')}" (${x.fixtureId}, ${x.count})`).join('; ');
          out.push(`- ${condition}: ${c?.citing} of ${c?.flagged} flags pointed at a claim of the original${top ? `; most cited: ${top}` : ''}`);
        }
      }
      const reasons = invalidReasons(g);
      out.push('', `Grammar \`${g.grammar}\`: ${percent(g.rate)} of ${g.answered} replies read as a verdict · invalid ${g.invalid.count}${reasons ? ` (${reasons})` : ''} · no verdict ${g.noVerdict}`);
      const claims = g.claims;
      if (claims) {
        const share = (x: number | null) => (x === null ? '–' : percent(x));
        out.push(
          '',
          `Per claim: not-found ${share(claims.notFound.originals)} of claims on originals, ${share(claims.notFound.mutants)} on mutants · cited spans ${claims.spans.cited}, not in the evidence ${claims.spans.notInEvidence} (${share(claims.spans.fabricatedShare)} fabricated) · against the mutated claim: precision ${share(claims.claimLevel.precision)}, recall ${share(claims.claimLevel.recall)}`,
        );
      }
      return out;
    },
  },
  html: {
    rank: 30,
    /** Per critic, the located catches per mutator and condition, and how its replies kept to its grammar. */
    render({ grammar: g }, { tables, conditions }) {
      const rows = Object.entries(tables.byMutator).map(([m, cells]) => `<tr><td>${e(m)}</td>${conditions.map((c) => `<td>${cellHtml(cells[c])}</td>`).join('')}</tr>`);
      rows.push(`<tr><td><b>all</b></td>${conditions.map((c) => `<td>${cellHtml(tables.pooled[c])}</td>`).join('')}</tr>`);
      const reasons = Object.entries(g.invalid.byReason)
        .sort((a, b) => b[1] - a[1])
        .map(([reason, n]) => `${e(reason)} ${n}`)
        .join(', ');
      const grammar = `<p>Grammar <code>${e(g.grammar)}</code>: ${percent(g.rate)} of ${g.answered} replies read as a verdict · invalid ${g.invalid.count}${reasons ? ` (${reasons})` : ''} · no verdict ${g.noVerdict}</p>`;
      return `<h3>Located catches: the reply pointed at the mutation</h3><table class="located"><thead><tr><th>mutator</th>${conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>${grammar}`;
    },
  },
});

/** The invalid replies' reasons, most frequent first: "no-verdict-line 3, two-verdicts 1". */
const invalidReasons = (g: GrammarAdherence) =>
  Object.entries(g.invalid.byReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');

/** A located-catch cell: the rate with its interval, and the share of raw catches that were not located. */
function locatedCell(cell: CatchCell | undefined): string {
  if (!cell?.located) return '–';
  const unlocated = cell.unlocated == null ? '' : ` (${percent(cell.unlocated)} unlocated)`;
  return `${rateCell(cell.located)}${unlocated}`;
}

const cellHtml = (cell: CatchCell | undefined) =>
  cell?.located && cell.n
    ? `${percent(cell.located.rate)} <span class="dim">${percentInterval(cell.located.ci)}</span>${cell.unlocated == null ? '' : ` <span class="dim">(${percent(cell.unlocated)} of catches unlocated)</span>`}`
    : '–';

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
