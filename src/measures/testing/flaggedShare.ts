import { rate } from '../../util/schemaParts.js';
import { percent } from '../format.js';
import { criticMeasure } from '../measure.js';

/**
 * A measure that exists only for the specs, to show what adding one takes: this file and a line in the registry
 * (measures.adding.spec.ts adds the line). The share of a critic's answered reviews that flagged the artifact,
 * read from its results in the one pass, with a gate, a warning, a note on the first line, a junit.xml property, a
 * piece of the critic's card, and its terminal line, report.md section and report.html section.
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
    // The specimen's critic flags 5 of its 9 answered reviews.
    examples: { maxFlaggedShare: { pass: 0.6, fail: 0.5 } },
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
  html: { rank: 95, render: (figure) => (figure.share === null ? null : `<h3>Flagged share</h3><p>${percent(figure.share)} of ${figure.answered} answered reviews flagged.</p>`) },
  card: { rank: 95, render: (figure) => (figure.share === null ? '' : `<p class="flagged-share">flags ${percent(figure.share)} of what it answered</p>`) },
  junit: { properties: (figure): Record<string, string> => (figure.share === null ? {} : { flaggedShare: figure.share.toFixed(4) }) },
  headline: {
    rank: 95,
    note(critics) {
      const all = critics.filter(({ figure }) => figure.share === 1).map(({ name }) => name);
      return all.length ? ` (flags everything: ${all.join(', ')})` : '';
    },
  },
});
