import { percent, rateCell } from '../measures/format.js';
import type { CriticReport } from './types.js';

type Cell = CriticReport['pooled'][keyof CriticReport['pooled']];

/** A located-catch cell: the rate with its interval, and the share of raw catches that were not located. */
function locatedCell(cell: Cell): string {
  if (!cell?.located) return '–';
  const unlocated = cell.unlocated == null ? '' : ` (${percent(cell.unlocated)} unlocated)`;
  return `${rateCell(cell.located)}${unlocated}`;
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** report.md: located catches per mutator and condition, and how the replies kept to the critic's grammar. */
export function locatedLines(critic: CriticReport, conditions: readonly string[]): string[] {
  const out = [
    '',
    '### Located catches: the reply pointed at the mutation (Wilson 95%; unlocated: share of raw catches that did not)',
    '',
    `| mutator | ${conditions.join(' | ')} |`,
    `|---|${conditions.map(() => '---').join('|')}|`,
  ];
  for (const [mutator, cells] of Object.entries(critic.byMutator)) out.push(`| ${mutator} | ${conditions.map((c) => locatedCell(cells[c as keyof typeof cells])).join(' | ')} |`);
  out.push(`| **all** | ${conditions.map((c) => locatedCell(critic.pooled[c as keyof typeof critic.pooled])).join(' | ')} |`);
  const cited = Object.entries(critic.falseAlarmCitations ?? {});
  if (cited.length) {
    out.push('', 'What the false alarms cited:');
    for (const [condition, c] of cited) {
      const top = c?.cited.map((x) => `"${short(x.claim).replace(/\|/g, '\\|')}" (${x.fixtureId}, ${x.count})`).join('; ');
      out.push(`- ${condition}: ${c?.citing} of ${c?.flagged} flags pointed at a claim of the original${top ? `; most cited: ${top}` : ''}`);
    }
  }
  const g = critic.grammar;
  if (!g) return out;
  const reasons = Object.entries(g.invalid.byReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
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
}

/** One line for the terminal summary: the clean located catch beside the raw one (all mutants), and the grammar's adherence. */
export function locatedSummary(critic: CriticReport): string {
  const clean = critic.pooled.clean;
  const parts: string[] = [];
  if (clean?.located && clean.n) parts.push(`clean catch ${percent(clean.rate)}, located ${percent(clean.located.rate)}`);
  const g = critic.grammar;
  if (g) {
    const reasons = Object.entries(g.invalid.byReason)
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `${reason} ${n}`)
      .join(', ');
    parts.push(`${g.grammar}: ${percent(g.rate)} of replies read${g.invalid.count ? `, ${g.invalid.count} invalid (${reasons})` : ''}`);
  }
  return parts.join(' · ');
}
