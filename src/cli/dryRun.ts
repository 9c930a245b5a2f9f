import { prepareRun } from '../audit.js';
import type { AuditConfig } from '../config/load.js';
import { EXIT } from '../errors.js';
import { fixtureKind, isReviewFixture } from '../fixtures/kinds/index.js';
import type { Mutant } from '../mutants/types.js';
import type { ConditionName } from '../requests/conditions/index.js';
import { fixtureItems, type ReviewItem } from '../requests/items.js';
import { reviewJobs, type ReviewJob } from '../requests/jobs.js';
import { costOf, formatCost } from '../results/cost.js';
import { reviewsFixture, type Critic, type RequestPreview } from '../reviews/critic.js';
import { createCritic } from '../reviews/providers/index.js';
import { tokenEstimator } from '../reviews/tokenEstimate.js';
import type { VerdictGrammar } from '../reviews/verdicts/index.js';

/** Output tokens assumed per review for a priced critic that sets no maxTokens: an upper bound most reviews stay well under. */
export const ASSUMED_MAX_OUTPUT_TOKENS = 1024;

/** One critic's share of the planned audit, as the dry run estimates it. */
export interface CriticPlan {
  name: string;
  provider: string;
  reviews: number;
  byCondition: Partial<Record<ConditionName, number>>;
  tokenMethod: string;
  inputTokens: { total: number; mean: number; max: number };
  /** Output tokens per review at most: the critic's maxTokens, else the assumed bound. */
  maxOutputTokens: number;
  /** Input cost plus output at maxOutputTokens; null without pricing. */
  cost: { input: number; outputAtMost: number; total: number } | null;
  firstRequests: Array<{ condition: ConditionName; preview: RequestPreview | null }>;
}

/**
 * Plans the audit as `run` would (fixtures, mutants judged by their oracles,
 * code labels verified in the sandbox, every request rendered) and estimates
 * its tokens and cost, without sending anything to any critic. Returns the
 * exit code: 1 when `maxCost` is given and the estimate exceeds it.
 */
export async function dryRun(config: AuditConfig, options: { maxCost?: number | undefined; print: (line: string) => void; onPhase?: (what: string) => void }): Promise<number> {
  const { print } = options;
  const prepared = await prepareRun(config, undefined, true, options.onPhase);
  // Building the critics checks what `run` checks before sending (keys, header variables, body templates); none is called.
  const critics = config.critics.map((entry) => createCritic(entry, config));
  try {
    const mutantsByFixture = new Map<string, Mutant[]>();
    const ignoredReasons = new Map<string, number>();
    let kept = 0;
    let ignored = 0;
    const authored = new Map<string, number>();
    for (const generation of prepared.generation()) {
      for (const mutant of generation.mutants) {
        kept++;
        if (mutant.breaks !== undefined) authored.set(mutant.mutator, (authored.get(mutant.mutator) ?? 0) + 1);
        mutantsByFixture.set(mutant.fixtureId, [...(mutantsByFixture.get(mutant.fixtureId) ?? []), mutant]);
      }
      for (const mutant of generation.ignored) {
        ignored++;
        // Grouped by the reason's head: "does not type-check: TS2367 (line 12): ..." counts as "does not type-check".
        const reason = mutant.reason.split(':')[0]!;
        ignoredReasons.set(reason, (ignoredReasons.get(reason) ?? 0) + 1);
      }
    }
    const kinds = new Map<string, number>();
    for (const fixture of prepared.fixtures) kinds.set(fixture.kind, (kinds.get(fixture.kind) ?? 0) + 1);

    print('critic-audit run --dry-run: the audit as planned; nothing is sent to any critic');
    print(`fixtures: ${prepared.fixtures.length} (${[...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ')}) from ${config.fixtures.join(', ')}`);
    const topReasons = [...ignoredReasons].sort((a, b) => b[1] - a[1]).slice(0, 5);
    print(`mutants: ${kept} kept, ${ignored} ignored${topReasons.length ? ` (most often: ${topReasons.map(([reason, n]) => `${n} ${reason}`).join('; ')})` : ''}`);
    const defaulted = config.defaultMutators ? " (the default list: the config names no `mutators:`, so every mutator of the suite's fixture kinds)" : '';
    print(`mutators: ${prepared.mutators.map((m) => m.name).join(', ')}${defaulted}${authored.size ? `; authored (kept): ${[...authored].map(([type, n]) => `${type} ${n}`).join(', ')}` : ''}`);
    print(`conditions: ${config.conditions.map((c) => c.name).join(', ')}; repeats: ${config.repeats}`);
    // How many loop rounds are sent depends on the verdicts: said, and left out of the counts and cost below, as second turns are.
    if (config.loop)
      print(
        `review loop: up to ${config.loop.rounds} rounds for each mutant a critic rejects, ${Math.round(100 * config.loop.falseFixShare)}% of the mutants given false fixes; rounds after the first are not in the counts or the cost below`,
      );

    const auditHasReviews = prepared.fixtures.some(isReviewFixture);
    const items = (critic: Critic, grammar: VerdictGrammar) =>
      (function* (): Generator<ReviewItem> {
        for (const fixture of prepared.fixtures) if (reviewsFixture(critic, grammar, fixture, auditHasReviews)) yield* fixtureItems(fixture, mutantsByFixture.get(fixture.id) ?? []);
      })();
    const plans: CriticPlan[] = [];
    for (const [i, critic] of critics.entries()) {
      const declared = config.critics[i]!;
      const jobs = reviewJobs(items(critic, declared.grammar), {
        conditions: config.conditions,
        rubricFor: (item) => config.rubric ?? fixtureKind(item.kind).defaultRubric,
        template: declared.template,
        repeats: config.repeats,
      });
      plans.push(await planCritic(critic, declared.config, jobs));
    }
    let total = 0;
    for (const plan of plans) {
      print('');
      print(
        `critic ${plan.name} (${plan.provider}): ${plan.reviews} reviews (${Object.entries(plan.byCondition)
          .map(([condition, n]) => `${condition} ${n}`)
          .join(', ')})`,
      );
      if (plan.provider.startsWith('builtin:')) {
        print('  a built-in checker: reviewed in this process, no request leaves it, no tokens');
        continue;
      }
      print(`  input tokens per review: mean ${Math.round(plan.inputTokens.mean)}, max ${plan.inputTokens.max}; ${plan.inputTokens.total} in all (estimated with the ${plan.tokenMethod})`);
      if (plan.cost) {
        total += plan.cost.total;
        print(
          `  cost: about ${formatCost(plan.cost.total)}: input ${formatCost(plan.cost.input)}, output at most ${formatCost(plan.cost.outputAtMost)} (${plan.maxOutputTokens} output tokens per review at most)`,
        );
      } else print('  cost: no pricing on this critic (add pricing: {inputPerMillion, outputPerMillion} to estimate it)');
      for (const { condition, preview } of plan.firstRequests) {
        if (!preview) continue;
        print(`  first request under ${condition}:`);
        print(`    ${preview.method} ${preview.url}`);
        for (const [name, value] of Object.entries(preview.headers)) print(`    ${name}: ${value}`);
        print(indent(prettyBody(preview.body), '    '));
      }
    }
    const priced = plans.some((p) => p.cost);
    print('');
    print(priced ? `estimated cost of the audit: about ${formatCost(total)} (output counted at each critic's maximum: an upper bound)` : 'estimated cost of the audit: no critic has pricing');
    if (options.maxCost !== undefined && total > options.maxCost) {
      print(`the estimate exceeds --max-cost $${options.maxCost}`);
      return EXIT.gateFailed;
    }
    return EXIT.ok;
  } finally {
    await Promise.all(critics.map((c) => c.close?.()));
  }
}

async function planCritic(critic: Critic, entry: AuditConfig['critics'][number]['config'], jobs: Iterable<ReviewJob>): Promise<CriticPlan> {
  const model = 'model' in entry ? entry.model : undefined;
  const estimator = await tokenEstimator(entry.provider, model);
  const builtin = entry.provider.startsWith('builtin:');
  const byCondition: Partial<Record<ConditionName, number>> = {};
  const firstRequests: CriticPlan['firstRequests'] = [];
  let reviews = 0;
  let totalTokens = 0;
  let maxTokens = 0;
  for (const job of jobs) {
    reviews++;
    if (byCondition[job.condition] === undefined) {
      byCondition[job.condition] = 0;
      firstRequests.push({ condition: job.condition, preview: critic.preview?.({ reviewId: job.reviewId, request: job.request, messages: job.messages, turn: job.turn }) ?? null });
    }
    byCondition[job.condition]!++;
    if (builtin) continue;
    const tokens = estimator.count(job.messages);
    totalTokens += tokens;
    maxTokens = Math.max(maxTokens, tokens);
  }
  const maxOutputTokens = 'maxTokens' in entry && typeof entry.maxTokens === 'number' ? entry.maxTokens : ASSUMED_MAX_OUTPUT_TOKENS;
  const pricing = 'pricing' in entry ? entry.pricing : undefined;
  const cost = pricing
    ? (() => {
        const input = costOf({ inputTokens: totalTokens, outputTokens: 0 }, pricing);
        const outputAtMost = costOf({ inputTokens: 0, outputTokens: maxOutputTokens * reviews }, pricing);
        return { input, outputAtMost, total: input + outputAtMost };
      })()
    : null;
  return {
    name: critic.name,
    provider: entry.provider,
    reviews,
    byCondition,
    tokenMethod: estimator.method,
    inputTokens: { total: totalTokens, mean: reviews ? totalTokens / reviews : 0, max: maxTokens },
    maxOutputTokens,
    cost,
    firstRequests,
  };
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
