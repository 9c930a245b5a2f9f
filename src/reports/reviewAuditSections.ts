import type { Rate, ReviewAuditReport } from '../results/reviewAudit.js';
import { percent, percentInterval } from '../measures/format.js';
import type { CriticReport } from './types.js';

/** One table's rows, shared by report.md and report.html: per review mutator, then the correct reviews, each condition a column. */
export interface ReviewAuditRow {
  what: string;
  cells: string[];
}

const rate = (r: Rate | null | undefined) => (r ? `${percent(r.rate)} ${percentInterval(r.ci)}` : '–');

export function reviewAuditRows(audit: ReviewAuditReport, conditions: readonly string[]): ReviewAuditRow[] {
  const rows: ReviewAuditRow[] = Object.entries(audit.byMutator).map(([mutator, cells]) => ({
    what: mutator,
    cells: conditions.map((c) => {
      const cell = cells[c];
      if (!cell) return '–';
      const cited = cell.citationsResolved ? ` · citations resolved ${rate(cell.citationsResolved)} of ${cell.evidenceReplies}` : '';
      return `agreed ${rate(cell.falseConsensus)} n=${cell.n}${cited}`;
    }),
  }));
  rows.push({
    what: 'correct reviews',
    cells: conditions.map((c) => {
      const cell = audit.correctReviews[c];
      if (!cell) return '–';
      const concern = cell.concernDismissedRealFlag ? ` · real flag dismissed as a concern ${rate(cell.concernDismissedRealFlag)} of ${cell.withRealFlag}` : '';
      return `disagreed ${rate(cell.falseAlarm)} n=${cell.n}${concern}`;
    }),
  });
  return rows;
}

export const REVIEW_AUDIT_CAPTION =
  'A critic of reviews (seed 001) should disagree with every review mutant: agreeing is false consensus (a dropped or hedged real flag, a fabricated flag, a hypothetical out of scope accepted). On the correct reviews, disagreeing is a false alarm, and DISAGREE_CONCERN on a review holding a real flag dismisses it. Citations: DISAGREE_EVIDENCE replies whose citation is a line or span of the artifact under review or of the evidence. Wilson 95% intervals.';

/** report.md: a critic of reviews' false consensus per review mutator and condition. */
export function reviewAuditLines(critic: CriticReport, conditions: readonly string[]): string[] {
  if (!critic.reviewAudit) return [];
  const rows = reviewAuditRows(critic.reviewAudit, conditions);
  return [
    '',
    '### Review audit: false consensus by review mutator',
    '',
    REVIEW_AUDIT_CAPTION,
    '',
    `| review | ${conditions.join(' | ')} |`,
    `|---|${conditions.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.what} | ${r.cells.join(' | ')} |`),
  ];
}
