import { rate } from '../../util/schemaParts.js';
import { percent } from '../format.js';
import { criticMeasure } from '../measure.js';

/**
 * A measure that exists only for the specs, to show what adding one takes: this file and a line in the registry
 * (measures.adding.spec.ts adds the line). The share of a critic's answered reviews that flagged the artifact,
 * read from its results in the one pass, with a gate, a warning, and its terminal line and report.md section.
 */
export const flaggedShare = criticMeasure({
  key: 'flaggedShare',
  rank: 95,
  reads: () => {
    const counts = { answered: 0, flagged: 0 };
    return {
      add(r) {
        if (r.outcome === 'error') return;
        counts.answered++;
        if (r.verdict === 'FAIL') counts.flagged++;
      },
      finish: () => counts,
    };
  },
  figure: (_scope, counts) => ({ answered: counts?.answered ?? 0, share: counts?.answered ? counts.flagged / counts.answered : null }),
  thresholds: {
    rank: 85,
    shape: { maxFlaggedShare: rate.optional().describe('The largest share of answered reviews that flag (a spec-only measure).') },
  },
  gates: {
    rank: 45,
    evaluate: (figure, thresholds) => {
      const threshold = thresholds.maxFlaggedShare;
      if (threshold === undefined) return [];
      if (figure.share === null) return [{ name: 'maxFlaggedShare', threshold, value: null, pass: false, status: 'no-data', detail: 'no review was answered' }];
      const pass = figure.share <= threshold;
      return [{ name: 'maxFlaggedShare', threshold, value: figure.share, pass, status: pass ? 'green' : 'red' }];
    },
  },
  warnings: { rank: 40, of: (figure) => (figure.share === 1 ? ['flags every review it answered'] : []) },
  terminal: { rank: 95, render: (figure) => (figure.share === null ? [] : [`  flagged share: ${percent(figure.share)} of ${figure.answered} answered reviews`]) },
  markdown: { rank: 95, render: (figure) => (figure.share === null ? [] : ['', '### Flagged share', '', `${percent(figure.share)} of ${figure.answered} answered reviews flagged.`]) },
});
