import chalk from 'chalk';
import { z } from 'zod';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { fixtureKind } from '../fixtures/kinds/index.js';
import { noDataGate, nothingMeasured, overallThreshold, type Gate } from '../gates/gate.js';
import { namedMutators, withNamed } from '../gates/gatedMutators.js';
import { grammarOf } from '../reviews/verdicts/index.js';
import { reviewAudit as reviewAuditSink, type Rate, type ReviewAuditReport } from '../results/reviewAudit.js';
import { rateMap } from '../gates/schema.js';
import { rate } from '../util/schemaParts.js';
import { escapeHtml as e } from './escape.js';
import { percent, percentInterval } from './format.js';
import { criticMeasure, oneField } from './measure.js';

/** The review mutators, the only keys `maxFalseConsensus` takes besides `default`. */
export const REVIEW_MUTATOR_NAMES: readonly string[] = ALL_MUTATORS.filter((m) => fixtureKind(m.kind).isReview).map((m) => m.name);

/** Why maxFalseConsensus is refused, in the config and on the command line, when no critic of the run reads reviews. */
export const FALSE_CONSENSUS_WITHOUT_CRITIC = 'maxFalseConsensus gates critics of reviews, and no critic has `verdict: agree-disagree`';

/**
 * The review audit (seed 001): a critic of reviews (its grammar audits reviews) in a run with review items, per
 * review mutator and condition, how often it agreed with a flawed review (false consensus), and its gate
 * `maxFalseConsensus`. Absent from report.json for other critics, and when the run has no review items.
 */
export const reviewAudit = criticMeasure({
  key: 'reviewAudit',
  rank: 160,
  reads: (scope) =>
    grammarOf(scope.critic.verdict).audits === 'reviews'
      ? (reviewAuditSink(
          scope.items,
          scope.fixtures,
          scope.conditions.map((c) => c.name),
        ) ?? undefined)
      : undefined,
  figure: (_scope, audit: ReviewAuditReport | undefined): ReviewAuditReport | undefined => audit,
  thresholds: {
    rank: 60,
    shape: {
      maxFalseConsensus: z
        .union([rate, rateMap])
        .optional()
        .describe('Critics of reviews: the largest share of flawed reviews they may AGREE with, clean; one number, or per review mutator with `default`.'),
    },
    overrides: {
      maxFalseConsensus: {
        example: 'default',
        /** `--threshold maxFalseConsensus=N` (every review mutator) or `maxFalseConsensus.<review mutator or default>=N`. */
        set(current, fields, value, { critics }) {
          if (critics && !critics.some((c) => c.readsReviews)) throw new Error(FALSE_CONSENSUS_WITHOUT_CRITIC);
          const key = oneField(fields);
          if (key === undefined) return value;
          if (key !== 'default' && !REVIEW_MUTATOR_NAMES.includes(key)) throw new Error(`"${key}" is not a review mutator; use ${REVIEW_MUTATOR_NAMES.join(', ')} or default`);
          return { ...(typeof current === 'number' ? { default: current } : ((current as object | undefined) ?? {})), [key]: value };
        },
      },
    },
    /** A key of the map that is no review mutator; the key set when the run's critics (known to the config) have no critic of reviews. */
    problems: ({ maxFalseConsensus }, { critics }) => [
      ...(typeof maxFalseConsensus === 'object'
        ? Object.keys(maxFalseConsensus)
            .filter((key) => key !== 'default' && !REVIEW_MUTATOR_NAMES.includes(key))
            .map((key) => ({ path: ['maxFalseConsensus', key], message: `"${key}" is not a review mutator; use ${REVIEW_MUTATOR_NAMES.join(', ')} or "default"` }))
        : []),
      ...(maxFalseConsensus !== undefined && critics && !critics.some((c) => c.readsReviews) ? [{ path: ['maxFalseConsensus'], message: FALSE_CONSENSUS_WITHOUT_CRITIC }] : []),
    ],
    // The specimen's critic of reviews agrees with the flawed reviews of the first fixture only.
    examples: { maxFalseConsensus: { pass: 0.9, fail: 0.01 } },
  },
  specimen: {
    verdict: 'agree-disagree',
    reviewAudit: true,
    result: (_item, _condition, verdict) => ({ reply: verdict === 'FAIL' ? 'DISAGREE_CONCERN: the flag is wrong' : 'The flags match the evidence.\nAGREE' }),
  },
  gates: {
    // After the positive control, before the second turns.
    rank: 45,
    /**
     * `maxFalseConsensus` (seed 001): the largest share of flawed reviews a critic of reviews may AGREE with, on
     * clean requests. A number gates every review mutator of the run; a map gates those it names (`default` the
     * rest). A mutator named that made no review mutant (or that the run does not have) is a no-data gate that
     * fails; under a number or `default` it is only a warning, unless no review mutator was measured at all, or the
     * run has none: then one `maxFalseConsensus` no-data gate fails the run. With `gate: lower-bound` the
     * pessimistic end of the Wilson interval is compared. Critics whose grammar audits no reviews have none.
     */
    evaluate(audit, thresholds, scope) {
      const setting = thresholds.maxFalseConsensus;
      if (setting === undefined || grammarOf(scope.critic.verdict).audits !== 'reviews') return [];
      const reviewMutators = scope.runMutators.filter((m) => REVIEW_MUTATOR_NAMES.includes(m));
      const overall = overallThreshold(setting);
      const conservative = thresholds.gate === 'lower-bound';
      const members = withNamed(
        reviewMutators.map((name) => ({ name, noMutants: null })),
        namedMutators(setting),
        reviewMutators,
      ).flatMap(({ name: mutator, noMutants }): Gate[] => {
        const named = typeof setting === 'number' ? undefined : setting[mutator];
        const threshold = typeof setting === 'number' ? setting : (named ?? setting['default']);
        if (threshold === undefined) return [];
        const name = `maxFalseConsensus.${mutator}`;
        const cell = audit?.byMutator[mutator]?.clean;
        if (!cell) return [noDataGate(name, threshold, noMutants ?? `no ${mutator} review was answered on clean requests`, named !== undefined)];
        const value = conservative ? cell.falseConsensus.ci[1] : cell.falseConsensus.rate;
        const pass = value <= threshold;
        return [
          {
            name,
            threshold,
            value,
            ...(conservative ? { estimate: cell.falseConsensus.rate } : {}),
            pass,
            status: pass ? 'green' : 'red',
            detail: `agreed with ${+cell.agreed.toFixed(2)} of ${cell.n} ${mutator} reviews`,
          },
        ];
      });
      const why = reviewMutators.length ? 'no flawed review was measured' : 'no review mutator in the run (reviewAudits.mutators): no flawed review to agree with';
      const none = nothingMeasured('maxFalseConsensus', overall, members, why);
      return none ? [...members, none] : members;
    },
  },
  terminal: {
    rank: 60,
    render(audit) {
      const consensus = Object.entries(audit?.byMutator ?? {}).flatMap(([mutator, cells]) => (cells.clean ? [`${mutator} ${percent(cells.clean.falseConsensus.rate)}`] : []));
      return consensus.length ? [chalk.dim(`  review audit, clean: agreed with flawed reviews (false consensus): ${consensus.join(', ')}`)] : [];
    },
  },
  markdown: {
    rank: 60,
    /** A critic of reviews' false consensus per review mutator and condition. */
    render(audit, { conditions }) {
      if (!audit) return [];
      return [
        '',
        '### Review audit: false consensus by review mutator',
        '',
        CAPTION,
        '',
        `| review | ${conditions.join(' | ')} |`,
        `|---|${conditions.map(() => '---').join('|')}|`,
        ...rows(audit, conditions).map((r) => `| ${r.what} | ${r.cells.join(' | ')} |`),
      ];
    },
  },
  html: {
    rank: 40,
    /** A critic of reviews' false consensus per review mutator and condition. */
    render(audit, { conditions }) {
      if (!audit) return '';
      const body = rows(audit, conditions)
        .map((r) => `<tr data-review-mutator="${e(r.what)}"><td>${e(r.what)}</td>${r.cells.map((c) => `<td class="num">${e(c)}</td>`).join('')}</tr>`)
        .join('');
      return `<h3>Review audit</h3><p class="dim">${e(CAPTION)}</p><table class="review-audit"><thead><tr><th>review</th>${conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
    },
  },
});

const CAPTION =
  'A critic of reviews (seed 001) should disagree with every review mutant: agreeing is false consensus (a dropped or hedged real flag, a fabricated flag, a hypothetical out of scope accepted). On the correct reviews, disagreeing is a false alarm, and DISAGREE_CONCERN on a review holding a real flag dismisses it. Citations: DISAGREE_EVIDENCE replies whose citation is a line or span of the artifact under review or of the evidence. Wilson 95% intervals.';

const shown = (r: Rate | null | undefined) => (r ? `${percent(r.rate)} ${percentInterval(r.ci)}` : '–');

/** One table's rows, shared by report.md and report.html: per review mutator, then the correct reviews, each condition a column. */
function rows(audit: ReviewAuditReport, conditions: readonly string[]): Array<{ what: string; cells: string[] }> {
  const out = Object.entries(audit.byMutator).map(([mutator, cells]) => ({
    what: mutator,
    cells: conditions.map((c) => {
      const cell = cells[c];
      if (!cell) return '–';
      const cited = cell.citationsResolved ? ` · citations resolved ${shown(cell.citationsResolved)} of ${cell.evidenceReplies}` : '';
      return `agreed ${shown(cell.falseConsensus)} n=${cell.n}${cited}`;
    }),
  }));
  out.push({
    what: 'correct reviews',
    cells: conditions.map((c) => {
      const cell = audit.correctReviews[c];
      if (!cell) return '–';
      const concern = cell.concernDismissedRealFlag ? ` · real flag dismissed as a concern ${shown(cell.concernDismissedRealFlag)} of ${cell.withRealFlag}` : '';
      return `disagreed ${shown(cell.falseAlarm)} n=${cell.n}${concern}`;
    }),
  });
  return out;
}
