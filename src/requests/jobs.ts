import { stableId } from '../util/hash.js';
import type { Condition, ConditionName } from './conditions/index.js';
import type { ReviewItem } from './items.js';
import { renderMessages } from './render.js';
import { requestDigest, requestUnder, sealRequest } from './sealed.js';
import type { ChatMessage, CriticRequest } from './types.js';

/** One review to perform: an item under a condition, with the exact request that will cross the boundary. */
export interface ReviewJob {
  itemId: string;
  condition: ConditionName;
  repeat: number;
  /** Opaque: a hash, so the critic cannot read the condition or the item's role from it. */
  reviewId: string;
  request: CriticRequest;
  requestDigest: string;
  messages: ChatMessage[];
}

export interface JobOptions {
  conditions: readonly Condition[];
  rubricFor: (item: ReviewItem) => string;
  template: string;
  repeats?: number;
}

/**
 * Every (item, condition, repeat) review. An item that cannot carry a
 * condition's contaminant (no trace to attach) is left out of that condition
 * rather than reviewed clean under its name.
 */
export function* reviewJobs(items: Iterable<ReviewItem>, options: JobOptions): Generator<ReviewJob> {
  for (const item of items) {
    const sealed = sealRequest({ task: item.task, artifact: item.artifact, evidence: item.evidence, rubric: options.rubricFor(item) });
    for (const { condition, contaminant } of applicableConditions(item, options.conditions)) {
      const { name } = condition;
      const request = requestUnder(condition, sealed, contaminant);
      const digest = requestDigest(request);
      const messages = renderMessages(options.template, request);
      for (let repeat = 0; repeat < (options.repeats ?? 1); repeat++) {
        yield { itemId: item.id, condition: name, repeat, reviewId: stableId(item.id, name, repeat), request, requestDigest: digest, messages };
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
