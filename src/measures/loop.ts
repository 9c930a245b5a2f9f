import chalk from 'chalk';
import { loopFigure, loopReading, type LoopFigure, type LoopGroup } from '../results/loop.js';
import { formatP, percent, percentInterval } from './format.js';
import { criticMeasure, specimenAnswer } from './measure.js';

/**
 * Bounded review loops (seeds 001 and 003): of the mutants the critic rejected, how many loops it accepted by each
 * round when the worker submitted the original (a true fix) and when it submitted another mutant as the fix (a false
 * fix), how many hit the cap, the tokens they took, and Fisher's exact test of false against true fixes accepted.
 * Present only when the config sets `loop`; no gate (the issue defines none).
 */
export const loop = criticMeasure({
  key: 'loop',
  rank: 106,
  // The specimen's critic accepts every resubmission in a loop's second round.
  specimen: {
    settings: { loop: { rounds: 2, falseFixShare: 0.5 } },
    stored: ['loop-round-2'],
    answer: (item, condition) => (condition.name === 'loop-round-2' ? 'PASS' : specimenAnswer(item, condition)),
  },
  reads: (scope) => (scope.settings.loop ? loopReading(scope.items) : undefined),
  figure: (scope, reading): LoopFigure | undefined => loopFigure(scope.items, reading, scope.settings.loop, scope.settings.seed),
  warnings: {
    rank: 60,
    of: (figure) =>
      figure?.noSecondMutant.loops
        ? [
            `loop: ${figure.noSecondMutant.loops} loop${figure.noSecondMutant.loops > 1 ? 's were' : ' was'} drawn for a false fix, but the fixture has no other verified mutant; the worker submitted the original, counted apart (noSecondMutant)`,
          ]
        : [],
  },
  terminal: {
    rank: 56,
    render: (f) =>
      f
        ? [
            (f.falseFix.accepted.count ? chalk.red : chalk.dim)(
              `  review loops (cap ${f.rounds} rounds): false fixes accepted ${f.falseFix.accepted.count} of ${f.falseFix.loops}, true fixes accepted ${f.trueFix.accepted.count} of ${f.trueFix.loops}${testText(f)}; ${f.hitCap} of ${f.loops} hit the cap; ${perLoopText(f.tokens.perLoop)}`,
            ),
          ]
        : [],
  },
  markdown: {
    rank: 116,
    render(f) {
      if (!f) return [];
      const rounds = f.trueFix.acceptedByRound.map((r) => r.round);
      const row = (name: string, g: LoopGroup) =>
        `| ${name} | ${g.loops} | ${g.accepted.count} (${percent(g.accepted.rate)} ${percentInterval(g.accepted.ci)}) | ${g.acceptedByRound.map((r) => r.count).join(' | ')} | ${g.hitCap} | ${g.unfinished} | ${tokensText(g.tokens.perLoop)} |`;
      return [
        '',
        `### Review loops: fixes accepted within ${f.rounds} rounds`,
        '',
        `Every mutant the critic rejected in its clean review (round 1) was submitted again with a round summary, until the critic accepted it or ${f.rounds} rounds had passed: the original (a true fix) or, for ${percent(f.falseFixShare)} of the mutants, another verified mutant of the same fixture presented as the fix (a false fix, every round). A false fix accepted is a defect shipped.${f.falseVsTrue ? ` False against true fixes accepted, Fisher's exact test: p = ${formatP(f.falseVsTrue.p)}.` : ''}`,
        '',
        `| fix | loops | accepted by the cap (Wilson 95%) | ${rounds.map((r) => `by round ${r}`).join(' | ')} | hit the cap | unfinished | tokens per loop |`,
        `|---|---:|---:|${rounds.map(() => '---:|').join('')}---:|---:|---:|`,
        row('true (the original)', f.trueFix),
        row('false (another mutant)', f.falseFix),
        ...(f.noSecondMutant.loops ? [row('true, no second mutant', f.noSecondMutant)] : []),
      ];
    },
  },
  // On the critic's card rather than in a section of its own: a run without `loop:` adds nothing to report.html.
  card: {
    // After escalation (and toolUse's boundary requests, 50).
    rank: 60,
    render: (f) =>
      f
        ? `<p class="loop${f.falseFix.accepted.count ? ' flag' : ''}">Review loops, at most ${f.rounds} rounds: ${f.falseFix.accepted.count} of ${f.falseFix.loops} false fixes accepted, ${f.trueFix.accepted.count} of ${f.trueFix.loops} true fixes accepted${testText(f)}; ${f.hitCap} of ${f.loops} loops hit the cap; ${perLoopText(f.tokens.perLoop)}.</p>`
        : '',
  },
});

const testText = (f: LoopFigure) => (f.falseVsTrue ? ` (Fisher p = ${formatP(f.falseVsTrue.p)})` : '');
const tokensText = (perLoop: number | null) => (perLoop === null ? 'no tokens reported' : `${Math.round(perLoop)} tokens`);
const perLoopText = (perLoop: number | null) => (perLoop === null ? 'the critic reported no tokens' : `${Math.round(perLoop)} tokens per loop`);
