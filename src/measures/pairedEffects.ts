import { traceSpecimen } from './anchoring.js';
import chalk from 'chalk';
import { ANCHORING_CONDITION } from '../requests/conditions/index.js';
import { bootstrapEffects, type BootstrapSummary } from '../results/effects.js';
import { ALL_MUTANTS, CONTROL, type PairedComparison } from '../results/tabulate.js';
import { groupedNumber } from '../util/groupedNumber.js';
import { escapeHtml as e } from './escape.js';
import { formatP, signedPoints, signedRange } from './format.js';
import { criticMeasure, type CriticView } from './measure.js';
import { sealedAbility } from './sealedAbility.js';

/**
 * Paired effects: each condition against clean on the same items, from the tables' paired rows (exact McNemar,
 * Holm-adjusted, Newcombe's interval), and seed 000's cluster bootstrap of each effect (its figure, `bootstrap`:
 * the fixtures' clusters resampled with the config's `bootstrap` seed and resamples). When the positive control
 * failed, the contaminated conditions' effects are shown as not interpretable.
 */
export const pairedEffects = criticMeasure({
  key: 'bootstrap',
  rank: 110,
  specimen: traceSpecimen(),
  figure: (scope): BootstrapSummary =>
    bootstrapEffects(scope.items, scope.outcomes, scope.settings.conditions, {
      critic: scope.critic.name,
      seed: scope.settings.bootstrap?.seed ?? scope.settings.seed,
      resamples: scope.settings.bootstrap?.resamples,
    }),
  terminal: {
    rank: 20,
    /** All mutants' catch rate and the originals' false alarms under each condition against clean, with the bootstrap's interval. */
    render(bootstrap, view) {
      const readable = interpretable(view);
      return view.tables.paired
        .filter((p) => p.mutator === ALL_MUTANTS || p.mutator === CONTROL)
        .map((p) => {
          const what = p.mutator === ALL_MUTANTS ? 'catch rate' : 'false alarms';
          const effect = bootstrap.effects.find((b) => b.mutator === p.mutator && b.to === p.to);
          const text = `${p.to}: ${what} ${signedPoints(p.delta)}${effect ? ` ${signedRange(effect.ci)} (cluster bootstrap)` : ''} (b=${p.b}, c=${p.c}, p=${formatP(p.p)}, Holm p=${formatP(p.pHolm)})${readable ? '' : ' not interpretable'}`;
          return !readable ? chalk.dim.strikethrough(text) : p.pHolm < 0.05 ? chalk.yellow(text) : chalk.dim(text);
        });
    },
  },
  markdown: [
    { rank: 80, render: (_bootstrap, view) => pairedLines(view.tables.paired, interpretable(view)) },
    { rank: 120, render: (bootstrap) => bootstrapLines(bootstrap) },
  ],
  html: { rank: 60, render: (_bootstrap, { tables, conditions }) => pairedTable(tables.paired, conditions) },
});

/** Whether the contaminated conditions' effects are findings: the critic passed its positive control. */
const interpretable = (view: CriticView) => view.figureOf(sealedAbility).positiveControl.anchoringInterpretable;

/** report.md: each condition against clean, on the same items, with exact McNemar and Holm-adjusted p. */
function pairedLines(paired: readonly PairedComparison[], readable: boolean): string[] {
  if (!paired.length) return [];
  const out = [
    '',
    `### Each condition against clean, on the same items (exact McNemar, Holm-adjusted across the table)${readable ? '' : ': NOT INTERPRETABLE, the positive control failed'}`,
    '',
    '| items | condition | n | b (clean only) | c (condition only) | p | Holm p | difference (95%) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const p of paired)
    out.push(`| ${p.mutator} | ${p.to} | ${p.n} | ${p.b} | ${p.c} | ${formatP(p.p)} | ${formatP(p.pHolm)}${p.pHolm < 0.05 ? ' *' : ''} | ${signedPoints(p.delta)} ${signedRange(p.ci)} |`);
  return out;
}

/** report.md: the cluster bootstrap's effect of each condition against clean. */
function bootstrapLines(b: BootstrapSummary): string[] {
  if (!b.effects.length) return [];
  const out = [
    '',
    `### Effect of each condition against clean, cluster bootstrap (${groupedNumber(b.resamples)} resamples, seed ${b.seed}, 95% percentile)`,
    '',
    '| items | condition | n | clusters | effect | 95% interval |',
    '|---|---|---:|---:|---:|---|',
  ];
  for (const e of b.effects) out.push(`| ${e.mutator} | ${e.to} | ${e.n} | ${e.clusters} | ${signedPoints(e.estimate)} | ${signedRange(e.ci)} |`);
  return out;
}

/** report.html: each condition against clean on the same items, the anchoring row marked. */
function pairedTable(paired: readonly PairedComparison[], conditions: readonly string[]): string {
  if (!paired.length) {
    return conditions.length === 1
      ? `<p class="dim">No paired comparisons: only the ${e(conditions[0]!)} condition was configured.</p>`
      : `<p class="dim">No paired comparisons: no item has an answered review under both clean and another of the configured conditions (${e(conditions.join(', '))}).</p>`;
  }
  const rows = paired.map((p) => {
    const significant = p.pHolm < 0.05;
    const gate = p.mutator === ALL_MUTANTS && p.to === ANCHORING_CONDITION;
    const what = p.mutator === CONTROL ? 'originals (false alarms)' : p.mutator === ALL_MUTANTS ? 'all mutants' : p.mutator;
    const classes = [significant ? 'sig' : '', gate ? 'anchoring' : ''].filter(Boolean).join(' ');
    const note = significant ? `<span class="flag">${gate ? 'anchoring effect' : 'significant'}</span>` : '';
    return `<tr class="${classes}" data-mutator="${e(p.mutator)}" data-condition="${e(p.to)}"><td>${e(what)}</td><td>${e(p.to)}</td><td class="num">${p.n}</td><td class="num">${p.b}</td><td class="num">${p.c}</td><td class="num">${formatP(p.p)}</td><td class="num">${formatP(p.pHolm)}</td><td class="num">${signedPoints(p.delta)} <span class="ci">[${points(p.ci[0])}, ${points(p.ci[1])}]</span></td><td>${note}</td></tr>`;
  });
  return `<h3>Each condition against clean, on the same items</h3>
<table class="paired"><thead><tr><th>items</th><th>condition</th><th>n</th><th title="flagged under clean only">b</th><th title="flagged under the condition only">c</th><th title="exact two-sided McNemar">p</th><th title="Holm-adjusted over the comparisons">Holm p</th><th>difference [95% CI]</th><th></th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
<p class="dim">b: flagged under clean only · c: flagged under the condition only · p: exact McNemar · Holm p: adjusted for the number of comparisons · difference: condition minus clean, with Newcombe's paired 95% interval. Highlighted: significant at 5% after Holm adjustment.</p>`;
}

const points = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(0)}`;
