import { numberedClaims, renderClaims } from '../text/numberedClaims.js';
import { stableId } from '../util/hash.js';
import type { Condition, ConditionName } from './conditions/index.js';
import type { ReviewItem } from './items.js';
import { renderMessages } from './render.js';
import { requestDigest, requestUnder, sealRequest } from './sealed.js';
import type { ChatMessage, CriticRequest } from './types.js';

/** One review to perform: an item under a condition, with the exact request that will cross the boundary. */
export interface ReviewJob {
  itemId: string;
  /** The artifact's kind: how it splits into numbered claims (sentences, or lines of code). */
  kind: ReviewItem['kind'];
  condition: ConditionName;
  repeat: number;
  /** Opaque: a hash, so the critic cannot read the condition or the item's role from it. */
  reviewId: string;
  request: CriticRequest;
  requestDigest: string;
  messages: ChatMessage[];
  /** The artifact as numbered claims, when the template lists them (`{{claims}}`) or the critic answers per claim. */
  claims?: Array<{ id: number; text: string }>;
}

export interface JobOptions {
  conditions: readonly Condition[];
  rubricFor: (item: ReviewItem) => string;
  template: string;
  repeats?: number;
  /** Number the artifact's claims for every job even when the template does not list them (a per-claim critic). */
  claims?: boolean;
}

/**
 * Every (item, condition, repeat) review. An item that cannot carry a
 * condition's contaminant (no trace to attach) is left out of that condition
 * rather than reviewed clean under its name.
 */
export function* reviewJobs(items: Iterable<ReviewItem>, options: JobOptions): Generator<ReviewJob> {
  const listsClaims = /\{\{[#/]?claims\}\}/.test(options.template);
  const numbers = listsClaims || options.claims === true;
  for (const item of items) {
    // Only a template that lists the claims, or a per-claim critic, pays for splitting every artifact into them.
    const claims = numbers ? numberedClaims(item.artifact, item.kind).map(({ id, text }) => ({ id, text })) : undefined;
    const rendered = listsClaims && claims ? renderClaims(claims) : undefined;
    const sealed = sealRequest({ task: item.task, artifact: item.artifact, evidence: item.evidence, rubric: options.rubricFor(item) });
    for (const { condition, contaminant } of applicableConditions(item, options.conditions)) {
      const { name } = condition;
      const request = requestUnder(condition, sealed, contaminant);
      const digest = requestDigest(request);
      const messages = renderMessages(options.template, request, rendered);
      for (let repeat = 0; repeat < (options.repeats ?? 1); repeat++) {
        const job: ReviewJob = { itemId: item.id, kind: item.kind, condition: name, repeat, reviewId: stableId(item.id, name, repeat), request, requestDigest: digest, messages };
        if (claims) job.claims = claims;
        yield job;
      }
    }
  }
}

/** How many jobs `reviewJobs` will yield, without building a single request. */
export function countReviewJobs(items: Iterable<ReviewItem>, options: Pick<JobOptions, 'conditions' | 'repeats'>): number {
  let n = 0;
  for (const item of items) n += applicableConditions(item, options.conditions).length;
  return n * (options.repeats ?? 1);
}

function applicableConditions(item: ReviewItem, conditions: readonly Condition[]): Array<{ condition: Condition; contaminant: string | undefined }> {
  return conditions.map((condition) => ({ condition, contaminant: condition.contaminant(item) })).filter(({ condition, contaminant }) => !condition.contaminantKey || contaminant !== undefined);
}
