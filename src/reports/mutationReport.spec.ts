import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateMutationReport } from '../../test/support/mutationSchema.js';
import { syntheticRun } from '../../test/support/syntheticRun.js';
import type { RunSnapshot } from '../results/types.js';
import { RunStore } from '../results/store.js';
import type { ReviewResult } from '../reviews/types.js';
import type { ReviewsOf, RunOutcomes } from './html/page.js';
import { jsonPieces } from './jsonPieces.js';
import { scoreThresholds } from '../measures/catchRates.js';
import { buildMutationReport as buildStreamed, renderMutationHtml, shownConditionNote, shorten, STATUS_REASON_CHARS, type MutationTestResult } from './mutationReport.js';
import { itemOutcomes } from '../results/itemOutcomes.js';

let snapshot: RunSnapshot;
let outcomes: RunOutcomes;
let stored: ReviewResult[];
let pendingId: string;

beforeAll(() => {
  ({ snapshot } = (() => {
    const run = syntheticRun({ fixtures: 4, mutantsPerFixture: 9, ignored: true, replyWords: 120 });
    const store = RunStore.open(run.dir);
    stored = [...store.results('synthetic')];
    store.close();
    return run;
  })());
  // One mutant never reviewed under clean (an interrupted run): Pending.
  pendingId = snapshot.generation.mutants[5]!.id;
  outcomes = new Map([['synthetic', itemOutcomes(stored.filter((r) => !(r.itemId === pendingId && r.condition === 'clean')))]]);
});

// Every critic's reviews are the synthetic critic's (the test of several critics reuses them).
const reviewsOf: ReviewsOf = (_critic, itemId) => stored.filter((r) => r.itemId === itemId);

/** mutation.json as written, parsed back. */
const buildMutationReport = (run: RunSnapshot, byCritic: RunOutcomes, condition: 'clean' | 'with-trace') =>
  JSON.parse([...jsonPieces(buildStreamed(run, byCritic, reviewsOf, condition), '  ')].join('')) as MutationTestResult;

const mutantsOf = (report: MutationTestResult) => Object.values(report.files).flatMap((f) => f.mutants);

describe('mutation.json in the mutation-testing-report-schema format', () => {
  it('validates against the schema Stryker and its dashboard use', () => {
    const report = buildMutationReport(snapshot, outcomes, 'clean');
    expect(validateMutationReport(report)).toEqual([]);
    expect(report.schemaVersion).toBe('2');
  });

  it('makes each fixture a file whose source is the original artifact', () => {
    const report = buildMutationReport(snapshot, outcomes, 'clean');
    expect(Object.keys(report.files)).toHaveLength(snapshot.fixtures.length);
    for (const fixture of snapshot.fixtures) {
      const [path, file] = Object.entries(report.files).find(([p]) => p.endsWith(`/${fixture.id}.txt`))!;
      expect(path).toMatch(/^fixtures\/suite-\d\//);
      expect(file.source).toBe(fixture.artifact);
      expect(file.mutants).toHaveLength(snapshot.generation.mutants.filter((m) => m.fixtureId === fixture.id).length + 1);
    }
  });

  it('gives each mutant its mutator, 1-based location of the mutated span and replacement', () => {
    const report = buildMutationReport(snapshot, outcomes, 'clean');
    const byId = new Map(mutantsOf(report).map((m) => [m.id, m]));
    for (const m of snapshot.generation.mutants) {
      const result = byId.get(m.id)!;
      expect(result.mutatorName).toBe(m.mutator);
      expect(result.replacement).toBe(m.replacement);
      const fixture = snapshot.fixtures.find((f) => f.id === m.fixtureId)!;
      const lines = fixture.artifact.split('\n');
      const { start, end } = result.location;
      // Start inclusive, end exclusive, both 1-based: the span's text is exactly the original.
      const text = start.line === end.line ? lines[start.line - 1]!.slice(start.column - 1, end.column - 1) : '';
      expect(text).toBe(m.original);
    }
  });

  it('is Killed when the critic failed the mutant under the primary condition, Survived when it passed it, RuntimeError on an error or no verdict, never Timeout', () => {
    for (const condition of ['clean', 'with-trace'] as const) {
      const report = buildMutationReport(snapshot, outcomes, condition);
      const byId = new Map(mutantsOf(report).map((m) => [m.id, m]));
      const seen = new Set<string>();
      for (const m of snapshot.generation.mutants) {
        if (m.id === pendingId && condition === 'clean') continue;
        const review = stored.find((r) => r.itemId === m.id && r.condition === condition)!;
        const expected = review.outcome === 'error' || review.outcome === 'no-verdict' ? 'RuntimeError' : review.verdict === 'FAIL' ? 'Killed' : 'Survived';
        const result = byId.get(m.id)!;
        expect(result.status, `${m.id} ${condition}`).toBe(expected);
        seen.add(expected);
        if (review.outcome === 'error') expect(result.statusReason).toContain(review.error!.slice(0, 20));
        else expect(result.statusReason).toContain(review.reply!.slice(0, 30));
        expect(result.statusReason!.length).toBeLessThanOrEqual(STATUS_REASON_CHARS);
        if (expected === 'Killed') expect(result.killedBy).toEqual([`synthetic (${condition})`]);
      }
      expect([...seen].sort()).toEqual(['Killed', 'RuntimeError', 'Survived']);
      expect(mutantsOf(report).some((m) => m.status === 'Timeout')).toBe(false);
    }
  });

  it('marks ignored mutants Ignored with the reason, and unreviewed ones Pending', () => {
    const report = buildMutationReport(snapshot, outcomes, 'clean');
    const ignored = mutantsOf(report).filter((m) => m.status === 'Ignored');
    expect(ignored).toHaveLength(snapshot.generation.ignored.length);
    for (const m of ignored) expect(m.statusReason).toContain(snapshot.generation.ignored.find((i) => i.id === m.id)!.reason);
    expect(mutantsOf(report).find((m) => m.id === pendingId)!.status).toBe('Pending');
  });

  it('puts each critic in a folder of its own when there are several', () => {
    const twice: RunOutcomes = new Map([...outcomes, ['other', outcomes.get('synthetic')!]]);
    const both = { ...snapshot, critics: [...snapshot.critics, { name: 'other', identity: { provider: 'x' } }] };
    const report = buildMutationReport(both, twice, 'clean');
    expect(validateMutationReport(report)).toEqual([]);
    const paths = Object.keys(report.files);
    expect(paths.filter((p) => p.startsWith('synthetic/'))).toHaveLength(snapshot.fixtures.length);
    expect(paths.filter((p) => p.startsWith('other/'))).toHaveLength(snapshot.fixtures.length);
    const ids = mutantsOf(report).map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shortens replies and maps the catch-rate threshold to the viewer colour bands', () => {
    expect(shorten('x'.repeat(1000))).toHaveLength(STATUS_REASON_CHARS);
    expect(shorten('  short  ')).toBe('short');
    expect(scoreThresholds(undefined)).toEqual({ high: 80, low: 60 });
    expect(scoreThresholds(0.7)).toEqual({ high: 80, low: 70 });
    expect(scoreThresholds({ default: 0.9, 'number-flip': 0.5 })).toEqual({ high: 90, low: 90 });
    expect(scoreThresholds({ default: { high: 0.95, low: 0.75, break: 0.5 } })).toEqual({ high: 95, low: 75 });
  });
});

describe('mutation.html', () => {
  it('inlines the mutation-testing-elements viewer and the report, so it works offline', () => {
    const [first, ...rest] = snapshot.fixtures;
    const hostile = { ...snapshot, fixtures: [{ ...first!, artifact: `${first!.artifact}</script><script>window.__pwned = 1</script>` }, ...rest] };
    const report = buildMutationReport(hostile, outcomes, 'clean');
    const html = [...renderMutationHtml(buildStreamed(hostile, outcomes, reviewsOf, 'clean'), 'critic-audit (clean)', { condition: 'clean', conditions: ['clean'], perCondition: false })].join('');
    const bundle = readFileSync(join(import.meta.dirname, '../../node_modules/mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
    expect(html).toContain(bundle.slice(0, 2000));
    expect(html).toContain('<mutation-test-report-app title-postfix="critic-audit (clean)">');
    expect(html).not.toContain('<script>window.__pwned');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toMatch(/<script[^>]+src=/);
    const data = /app\.report = (.*);\n/.exec(html)![1]!;
    expect(JSON.parse(data)).toEqual(report);
    expect(html).toContain('<p id="shown-condition" ');
  });

  it('says which condition it shows, and where the other conditions are or how to get them', () => {
    const conditions = ['clean', 'with-trace', 'prior-pass'] as const;
    expect(shownConditionNote({ condition: 'clean', conditions: ['clean'], perCondition: false })).toBe("This report shows the critic's verdicts under the <b>clean</b> condition (sealed) only.");
    const off = shownConditionNote({ condition: 'clean', conditions, perCondition: false });
    expect(off).toMatch(
      /under the <b>clean<\/b> condition \(sealed\) only\. The run also reviewed under <b>with-trace<\/b>, <b>prior-pass<\/b>: their mutation reports are not written \(set <code>reports\.mutationReportPerCondition: true<\/code>/,
    );
    const on = shownConditionNote({ condition: 'with-trace', conditions, perCondition: true });
    expect(on).toMatch(
      /under the <b>with-trace<\/b> condition only\. The run also reviewed under <b>clean<\/b>, <b>prior-pass<\/b>: see <a href="mutation\.clean\.html">mutation\.clean\.html<\/a>, <a href="mutation\.prior-pass\.html">/,
    );
  });
});
