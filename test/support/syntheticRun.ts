import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TextFixture } from '../../src/fixtures/types.js';
import { spanOf } from '../../src/mutants/span.js';
import type { IgnoredMutant, Mutant } from '../../src/mutants/types.js';
import { DEFAULT_CONDITION_NAMES, type ConditionName } from '../../src/requests/conditions/index.js';
import type { AuditPlan, AuditSnapshot } from '../../src/reports/types.js';
import { RunStore } from '../../src/results/store.js';
import type { ReviewResult } from '../../src/reviews/types.js';

export const HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"></script><!--';

export interface SyntheticOptions {
  fixtures: number;
  mutantsPerFixture: number;
  conditions?: ConditionName[];
  critics?: string[];
  /** Put HOSTILE into every artifact, evidence text, trace, task and reply. */
  hostile?: boolean;
  /** Also record an ignored mutant per fixture. */
  ignored?: boolean;
  /** Pad each reply with about this many words of varied prose, like a model's reasoning (default 0). */
  replyWords?: number;
}

const WORDS =
  'the claim evidence section states policy amount limit within days team manager approves employee leave annual rate number matches contradicts supporting sentence artifact review reviewer verified checked clause qualifier deleted replaced original value figure month year form tax relief allowance dose tablet hours maximum minimum unless except provided only least most before after between during each every per whole part schedule notice period payroll entitlement accrue accrued carries forward'.split(
    ' ',
  );

/** Deterministic varied prose: a model reply's reasoning, compressible about as much as real text. */
function prose(words: number, seed: number): string {
  let x = seed >>> 0 || 1;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out.push(i % 14 === 13 ? `${WORDS[x % WORDS.length]} ${x % 997}.` : WORDS[x % WORDS.length]!);
  }
  return out.join(' ');
}

const MUTATORS = ['number-flip', 'entity-swap', 'qualifier-deletion'] as const;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A run folder written straight into a RunStore, without a critic: fixtures,
 * mutants and, for every item, critic and condition, one review whose outcome
 * cycles through caught, missed, no verdict and error. `critic-audit report
 * DIR` rebuilds every report file from it.
 */
export function syntheticRun(options: SyntheticOptions): { dir: string; snapshot: AuditSnapshot; reviews: number } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-synthetic-'));
  const conditions = options.conditions ?? [...DEFAULT_CONDITION_NAMES];
  const critics = options.critics ?? ['synthetic'];
  const extra = options.hostile ? ` ${HOSTILE}` : '';
  const configFile = join(dir, 'critic.config.yaml');
  writeFileSync(configFile, '# synthetic run\n');

  const fixtures: TextFixture[] = [];
  const mutants: Mutant[] = [];
  const ignored: IgnoredMutant[] = [];
  for (let f = 0; f < options.fixtures; f++) {
    const lines = Array.from(
      { length: 8 },
      (_, k) =>
        `Rule ${k + 1}: staff in team ${String.fromCharCode(65 + (k % 26))} may claim up to ${100 + 7 * k + f} pounds within ${10 + k} days, provided that the manager approves it.${k === 3 ? extra : ''}`,
    );
    const artifact = lines.join('\n') + '\n';
    const id = `fixture-${String(f).padStart(4, '0')}`;
    fixtures.push({
      id,
      kind: 'text',
      variants: [],
      task: `What may staff claim under policy ${f}?${extra}`,
      artifact,
      evidence: [{ id: 'policy', title: `Policy ${f}`, text: artifact + extra }],
      trace: `Checked every rule against the policy.${extra}`,
      cluster: id,
      source: { file: join(dir, 'fixtures', `suite-${f % 3}.yaml`), line: 1 + f },
    });
    let from = 0;
    for (let m = 0; m < options.mutantsPerFixture; m++) {
      const mutator = MUTATORS[m % MUTATORS.length]!;
      const pattern = mutator === 'number-flip' ? /\d+(?= pounds)/g : mutator === 'entity-swap' ? /team [A-Z]/g : /up to |within |, provided that the manager approves it/g;
      pattern.lastIndex = from;
      let match = pattern.exec(artifact);
      if (!match) {
        pattern.lastIndex = 0;
        match = pattern.exec(artifact)!;
      }
      from = match.index + 1;
      const start = match.index;
      const end = start + match[0].length;
      const original = match[0];
      const replacement = mutator === 'number-flip' ? String(Number(original) + 1 + m) : mutator === 'entity-swap' ? `team Z${m}` : '';
      const mid = sha(`${id}/${mutator}/${m}`).slice(0, 16);
      mutants.push({
        id: mid,
        fixtureId: id,
        mutator,
        span: spanOf(artifact, start, end),
        original,
        replacement,
        artifact: artifact.slice(0, start) + replacement + artifact.slice(end),
        trace: undefined,
      });
    }
    if (options.ignored) {
      const start = artifact.indexOf('Rule 1');
      ignored.push({
        id: sha(`${id}/ignored`).slice(0, 16),
        fixtureId: id,
        mutator: 'number-flip',
        span: spanOf(artifact, start + 5, start + 6),
        original: '1',
        replacement: '2',
        reason: 'the new number is also stated in the supporting evidence',
      });
    }
  }

  const plan: AuditPlan = {
    settings: { configFile, configSha256: sha('synthetic'), seed: 1, conditions, mutators: [...MUTATORS], repeats: 1, thresholds: { catchRate: 0.6, maxFalseAlarmRate: 0.1 }, errorBudget: 1 },
    critics: critics.map((name) => ({ name, identity: { provider: 'synthetic', name } })),
    startedAt: new Date(0).toISOString(),
  };
  const snapshot: AuditSnapshot = { ...plan, fixtures, generation: { mutants, ignored } };
  const store = RunStore.open(dir);
  store.writePlan(plan, fixtures, [{ mutants, ignored }]);
  const itemIds = fixtures.flatMap((f) => [f.id, ...mutants.filter((m) => m.fixtureId === f.id).map((m) => m.id)]);
  let reviews = 0;
  critics.forEach((critic, ci) => {
    itemIds.forEach((itemId, i) => {
      conditions.forEach((condition, c) => {
        const kind = (i * 7 + c * 3 + ci) % 10; // 0-4 FAIL, 5-7 PASS, 8 no verdict, 9 error
        const verdict = kind <= 4 ? 'FAIL' : kind <= 7 ? 'PASS' : null;
        const reasoning = options.replyWords ? `\n${prose(options.replyWords, reviews * 2654435761 + 7)}` : '';
        const reply =
          kind === 9
            ? null
            : `Review of ${itemId} under ${condition}: ${kind <= 4 ? 'a claim does not match the evidence' : 'every claim matches'}.${extra}${reasoning}${verdict ? `\nVERDICT: ${verdict}` : ''}`;
        const result: ReviewResult = {
          critic,
          itemId,
          condition,
          repeat: 0,
          reviewId: sha(`${critic}/${itemId}/${condition}`).slice(0, 16),
          requestDigest: sha(`${itemId}/${condition}`),
          outcome: kind === 9 ? 'error' : kind === 8 ? 'no-verdict' : 'verdict',
          verdict,
          reply,
          error: kind === 9 ? `HTTP 503 after 4 attempts${extra}` : null,
          attempts: kind === 9 ? 4 : 1,
          latencyMs: 100 + kind,
          usage: { inputTokens: 500, outputTokens: 60 },
          cached: false,
          rateLimited: 0,
          cacheKey: sha(`key/${critic}/${itemId}/${condition}`),
        };
        store.add(result);
        reviews++;
      });
    });
  });
  store.writeStatus({ complete: true, stopReason: null, finishedAt: new Date(0).toISOString() });
  store.close();
  return { dir, snapshot, reviews };
}
