import { escapeHtml as e } from './escape.js';
import type { IndependenceRow, IndependenceResult } from './independence/eval.js';
import { INDEPENDENCE_EVALS } from './independence/registry.js';
import { runMeasure } from './measure.js';

/** Per critic, in the run's order: one row per independence eval, in the seed's order. */
export type Independence = Record<string, IndependenceRow[]>;

const MARK: Record<IndependenceResult, string> = { pass: '✅ pass', fail: '❌ fail', 'not-applicable': '– not applicable' };

/**
 * Seed 002's independence evals, run against the review process itself (report.json `independence`): per critic,
 * each case and expectation as the seed spells them, and what this run showed, from what the other measures
 * measured (condition effects with their paired exact tests, located catches, the pass-two record, invalidated
 * reviews, the held-out checks' pins) and a probe of the barriers before sending. A failing row is a failed test
 * case in junit.xml; the exit code follows the configured gates only.
 */
/** A seed's snake_case name, escaped, free to wrap after each underscore rather than inside a word. */
const snakeBreaks = (name: string): string => e(name).replaceAll('_', '_<wbr>');

export const independence = runMeasure({
  key: 'independence',
  rank: 30,
  figure: (scope): Independence =>
    Object.fromEntries(
      [...scope.critics].map(([name, critic]) => [name, INDEPENDENCE_EVALS.map((ev): IndependenceRow => ({ case: ev.case, expect: ev.expect, ...ev.judge({ name, critic, run: scope }) }))]),
    ),
  markdown: {
    rank: 25,
    render(figure) {
      const critics = Object.entries(figure);
      if (!critics.length) return [];
      return [
        '',
        "## Independence of the review process (seed 002's evals)",
        '',
        'Each case run against the review process itself, as the seed names it. A failing row does not change the exit code, which follows the configured gates (docs/conditions.md, "The independence evals").',
        '',
        '| critic | case | expect | result | evidence |',
        '|---|---|---|---|---|',
        ...critics.flatMap(([name, rows]) => rows.map((r) => `| ${name} | \`${r.case}\` | \`${r.expect}\` | ${MARK[r.result]} | ${r.evidence.replace(/\|/g, '\\|')} |`)),
      ];
    },
  },
  html: {
    rank: 20,
    render(figure) {
      const critics = Object.entries(figure);
      if (!critics.length) return '';
      const rows = critics.flatMap(([name, rows]) =>
        rows.map(
          (r) =>
            `<tr class="independence-${r.result}"><td>${e(name)}</td><td><code>${snakeBreaks(r.case)}</code></td><td><code>${snakeBreaks(r.expect)}</code></td><td>${e(MARK[r.result])}</td><td>${e(r.evidence)}</td></tr>`,
        ),
      );
      return `<section id="independence"><h2>Independence of the review process (seed 002's evals)</h2>
<p class="dim">Each case run against the review process itself, as the seed names it. A failing row does not change the exit code, which follows the configured gates.</p>
<table class="independence"><thead><tr><th>critic</th><th>case</th><th>expect</th><th>result</th><th>evidence</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></section>`;
    },
  },
  junit: {
    cases: (figure) =>
      Object.entries(figure).flatMap(([name, rows]) =>
        rows.map((r) => ({
          suite: `critic-audit.${name}.independence`,
          name: r.case,
          result: r.result === 'not-applicable' ? 'skipped' : r.result,
          message: r.result === 'pass' ? '' : `${r.result === 'fail' ? `expected ${r.expect}: ` : 'not applicable: '}${r.evidence}`,
          out: `expect=${r.expect} result=${r.result} evidence=${r.evidence}`,
        })),
      ),
  },
});
