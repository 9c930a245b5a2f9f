import { MERGED } from '../mutants/generate.js';
import type { AuditReport, CriticReport } from './types.js';
import { criticSections, inRankOrder, runSections, type Ranked } from '../measures/index.js';
import { countBy, engineText, percent } from '../measures/format.js';
import { errorCauseLines, gateRow, headlineLines, warningLines } from './markdownSections.js';

/** report.md: fit for a pull-request comment. */
export function renderMarkdown(report: AuditReport): string {
  const out: string[] = [];
  out.push(...headlineLines(report, '#'));
  if (!report.complete) out.push('', `> **Incomplete run:** ${report.stopReason ?? 'stopped early'}. Figures cover the reviews that finished.`);
  const warnings = warningLines(report);
  if (warnings.length) out.push('', ...warnings);
  if (report.errorBudget.exceeded) out.push('', `> **Error budget exceeded:** ${percent(report.errorBudget.errorRate)} of reviews failed (budget ${percent(report.errorBudget.budget)}).`);
  out.push('', `Seed ${report.seed} · conditions: ${report.conditions.join(', ')} · ${report.mutants.valid} valid mutants, ${report.mutants.ignored} ignored by the validity oracle.`);
  for (const [name, critic] of Object.entries(report.critics)) out.push('', ...criticSection(name, critic, report.conditions));
  // After the critics, the run-level measures' sections (crossCritic 10, power 20) and the report's own (30, 40), by rank.
  const runLevel: Array<Ranked<string[]>> = [
    ...runSections<string[]>('markdown', report),
    { rank: 30, piece: report.labelVerification.length ? ['', ...labelVerificationSection(report.labelVerification)] : [] },
    { rank: 40, piece: report.batches ? ['', ...batchesSection(report.batches)] : [] },
  ];
  out.push(...inRankOrder(runLevel).flat());
  out.push('', '## Mutants', '', '| mutator | valid | ignored | of which merged |', '|---|---:|---:|---:|');
  for (const [mutator, s] of Object.entries(report.mutants.byMutator)) out.push(`| ${mutator} | ${s.valid} | ${s.ignored} | ${s.merged} |`);
  // A merged mutant's reason names its twin; grouped without the twin's id.
  const reasons = countBy(report.ignored, (m) => `${m.mutator}: ${m.reason.startsWith(MERGED) ? m.reason.replace(/ [0-9a-f]+$/, '') : m.reason}`);
  if (reasons.length) {
    out.push('', 'Ignored mutants are never counted. Reasons:', '');
    for (const [reason, n] of reasons) out.push(`- ${reason} (${n})`);
  }
  return out.join('\n') + '\n';
}

/** A critic's section: the report's own pieces and the per-critic measures', in rank order (see docs/architecture.md, "Adding a measure"). */
function criticSection(name: string, critic: CriticReport, conditions: string[]): string[] {
  const out = [`## ${name}: ${critic.passed ? 'passed' : 'failed'}`];
  if (critic.gates.length) {
    out.push('', '| gate | threshold | value | |', '|---|---:|---:|---|');
    for (const g of critic.gates) out.push(gateRow(g));
  }
  const v = critic.verdicts;
  const own: Array<Ranked<string[]>> = [
    {
      rank: 150,
      piece: [
        '',
        `Reviews: ${v.reviews} · verdicts ${v.verdicts} · no verdict ${v.noVerdict} (${percent(v.noVerdictRate)}) · errors ${v.errors} (${percent(v.errorRate)})`,
        '',
        `Engine: ${engineText(critic)}`,
      ],
    },
    { rank: 160, piece: errorCauseLines(critic) },
  ];
  out.push(...inRankOrder([...own, ...criticSections<string[]>('markdown', critic, { name, conditions, tables: critic })]).flat());
  return out;
}

/** How each code label was verified: the held-out checks pass on every control and fail on every kept mutant. */
function labelVerificationSection(rows: AuditReport['labelVerification']): string[] {
  const out = [
    '## Label verification (held-out checks, run in the sandbox)',
    '',
    '| fixture | checks | mutants generated | kept (a check fails) | ignored as equivalent | ignored: type error | controls passing all checks |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const controls = r.controls.map((c) => `${c.id} ${c.failed === 0 ? '✅' : `❌ ${c.failed} failed`}`).join(', ');
    out.push(`| ${r.fixtureId} | ${r.checks} | ${r.generated} | ${r.kept} | ${r.ignoredEquivalent} | ${r.ignoredTypeErrors} | ${controls} |`);
  }
  return out;
}

/** Batch mode: which batch answered how many reviews (run.sqlite's batches table maps each review id to its batches). */
function batchesSection(batches: NonNullable<AuditReport['batches']>): string[] {
  const out = ['## Batches', '', '| critic | batch | status | reviews sent | results from it |', '|---|---|---|---:|---:|'];
  for (const b of batches) out.push(`| ${b.critic} | \`${b.batchId}\` | ${b.status} | ${b.sent} | ${b.answered} |`);
  return out;
}
