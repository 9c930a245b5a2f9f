import { fixtureKind } from '../fixtures/kinds/index.js';
import { renderClaims } from '../text/numberedClaims.js';
import { stableId } from '../util/hash.js';
import { assertNoHeldOutCheckText } from '../fixtures/heldOutChecks.js';
import { clean } from './conditions/clean.js';
import { appliesTo, type Condition, type ConditionName, type FirstTurn, type FollowUp } from './conditions/index.js';
import type { ReviewItem } from './items.js';
import { renderMessages } from './render.js';
import { conversationDigest, requestDigest, requestUnder, sealRequest } from './sealed.js';
import { offerText, toolOffer, type JobTools, type ToolOffer } from './tools.js';
import type { ChatMessage, CriticRequest } from './types.js';
import { sha256Hex } from '../util/hash.js';

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
  /** The request's digest; for a second turn, of the whole conversation (request, first reply, follow-up). */
  requestDigest: string;
  messages: ChatMessage[];
  /** The artifact as numbered claims, when the template lists them (`{{claims}}`) or the critic answers per claim. */
  claims?: Array<{ id: number; text: string }>;
  /** 1 for a single request; 2 for a second turn, whose messages carry the first reply and the follow-up. */
  turn: 1 | 2;
  /** A tool-using critic's offer for this review (its toolbox is made from it per attempt); absent for a critic without `tools:`. */
  tools?: ToolOffer;
}

export interface JobOptions {
  conditions: readonly Condition[];
  rubricFor: (item: ReviewItem) => string;
  template: string;
  repeats?: number;
  /** Number the artifact's claims for every job even when the template does not list them (a per-claim critic). */
  claims?: boolean;
  /** A tool-using critic's `tools:` and the corpora its evidence tools search. */
  tools?: JobTools | undefined;
}

/**
 * Every (item, condition, repeat) review. An item that cannot carry a
 * condition's contaminant (no trace to attach) is left out of that condition
 * rather than reviewed clean under its name.
 */
export function* reviewJobs(items: Iterable<ReviewItem>, options: JobOptions): Generator<ReviewJob> {
  const claimsOf = claimsFor(options);
  for (const item of items) {
    const { claims, rendered } = claimsOf(item);
    const sealed = sealRequest({ task: item.task, artifact: item.artifact, evidence: item.evidence, rubric: options.rubricFor(item) });
    for (const { condition, contaminant } of applicableConditions(item, firstTurnConditions(options.conditions))) {
      const { name } = condition;
      const request = requestUnder(condition, sealed, contaminant, options.tools?.setting.evidence);
      const offer = options.tools && toolOffer(options.tools, item, condition);
      const digest = withOffer(requestDigest(request), offer);
      const messages = renderMessages(options.template, request, rendered);
      if (item.heldOut) assertNoHeldOutCheckText(messagesText(messages), item.heldOut, `the ${name} request for item ${item.id} (fixture "${item.fixtureId}")`);
      for (let repeat = 0; repeat < (options.repeats ?? 1); repeat++) {
        const job: ReviewJob = { itemId: item.id, kind: item.kind, condition: name, repeat, reviewId: stableId(item.id, name, repeat), request, requestDigest: digest, messages, turn: 1 };
        if (claims) job.claims = claims;
        if (offer) job.tools = offer;
        yield job;
      }
    }
  }
}

/** How many jobs `reviewJobs` will yield, without building a single request. */
export function countReviewJobs(items: Iterable<ReviewItem>, options: Pick<JobOptions, 'conditions' | 'repeats'>): number {
  let n = 0;
  for (const item of items) n += applicableConditions(item, firstTurnConditions(options.conditions)).length;
  return n * (options.repeats ?? 1);
}

/** The conditions reviewed in one request; second turns follow their clean first turn (followUpJobs). */
export const firstTurnConditions = (conditions: readonly Condition[]) => conditions.filter((c) => !c.followUp);

/** A second turn to perform, or the first verdict standing where the condition does not follow it up. */
export type FollowUpStep = { kind: 'send'; job: ReviewJob } | { kind: 'stands'; itemId: string; condition: ConditionName; repeat: number; first: FirstTurn & { requestDigest: string } };

/**
 * The second turns of the run's second-turn conditions: each continues the
 * item's clean review of the same repeat, its reply reused as stored (never
 * sampled again). After a first verdict the condition does not follow up, the
 * first verdict stands (a step the engine records without asking the
 * critic); an item whose clean review has no verdict, or that cannot carry
 * the follow-up (no evidence to quote, no trace to reveal), has none.
 */
export function* followUpJobs(
  items: Iterable<ReviewItem>,
  firstTurn: (itemId: string, repeat: number) => (FirstTurn & { requestDigest: string }) | undefined,
  options: JobOptions,
): Generator<FollowUpStep> {
  const followUps = options.conditions.filter((c): c is Condition & { followUp: FollowUp } => c.followUp !== undefined);
  if (!followUps.length) return;
  const claimsOf = claimsFor(options);
  for (const item of items) {
    const { claims, rendered } = claimsOf(item);
    // The first turn is the clean request: a second turn adds no contaminant to it, only a message after its reply.
    const request = requestUnder(
      clean,
      sealRequest({ task: item.task, artifact: item.artifact, evidence: item.evidence, rubric: options.rubricFor(item) }),
      undefined,
      options.tools?.setting.evidence,
    );
    const offer = options.tools && toolOffer(options.tools, item, clean);
    let firstMessages: ChatMessage[] | undefined;
    for (let repeat = 0; repeat < (options.repeats ?? 1); repeat++) {
      const first = firstTurn(item.id, repeat);
      if (!first) continue;
      for (const condition of followUps) {
        const { after, message } = condition.followUp;
        if (after !== 'any' && after.toUpperCase() !== first.verdict) {
          yield { kind: 'stands', itemId: item.id, condition: condition.name, repeat, first };
          continue;
        }
        const followUp = message(item, first);
        if (followUp === undefined) continue;
        // The critic's own first reply is not scanned: it never saw the checks; the follow-up is the harness's to send.
        if (item.heldOut) assertNoHeldOutCheckText(followUp, item.heldOut, `the ${condition.name} follow-up for item ${item.id} (fixture "${item.fixtureId}")`);
        firstMessages ??= renderMessages(options.template, request, rendered);
        const tail: ChatMessage[] = [
          { role: 'assistant', content: first.reply },
          { role: 'user', content: followUp },
        ];
        yield {
          kind: 'send',
          job: {
            itemId: item.id,
            kind: item.kind,
            condition: condition.name,
            repeat,
            reviewId: stableId(item.id, condition.name, repeat),
            request,
            requestDigest: withOffer(conversationDigest(request, tail), offer),
            messages: [...firstMessages, ...tail],
            turn: 2,
            ...(claims ? { claims } : {}),
            ...(offer ? { tools: offer } : {}),
          },
        };
      }
    }
  }
}

/** Every message's text, as the critic reads it. */
const messagesText = (messages: readonly ChatMessage[]) => messages.map((m) => m.content).join('\n');

/** How many second-turn steps an item may take at most: every second-turn condition it can carry, per repeat. */
export function countFollowUpSteps(items: Iterable<ReviewItem>, options: Pick<JobOptions, 'conditions' | 'repeats'>): number {
  const followUps = options.conditions.filter((c) => c.followUp);
  let n = 0;
  for (const _ of items) n += followUps.length;
  return n * (options.repeats ?? 1);
}

/** A review's digest with the tools it is offered (the corpus among them): what a tool-using critic can read is part of what it was sent. */
export const withOffer = (digest: string, offer: ToolOffer | undefined) => (offer ? sha256Hex(`${digest}\n${offerText(offer)}`) : digest);

function applicableConditions(item: ReviewItem, conditions: readonly Condition[]): Array<{ condition: Condition; contaminant: string | undefined }> {
  return conditions.flatMap((condition) => (appliesTo(condition, item) ? [{ condition, contaminant: condition.contaminant(item) }] : []));
}

/**
 * An item's numbered claims and their rendering for `{{claims}}`. Only a
 * template that lists the claims, or a per-claim critic, pays for splitting
 * every artifact into them.
 */
export function claimsFor(options: Pick<JobOptions, 'template' | 'claims'>) {
  const listsClaims = /\{\{[#/]?claims\}\}/.test(options.template);
  const numbers = listsClaims || options.claims === true;
  return (item: ReviewItem) => {
    const claims = numbers
      ? fixtureKind(item.kind)
          .claims(item.artifact)
          .map(({ id, text }) => ({ id, text }))
      : undefined;
    return { claims, rendered: listsClaims && claims ? renderClaims(claims) : undefined };
  };
}
