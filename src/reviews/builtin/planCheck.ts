import type { SandboxOptions } from '../../code/sandbox.js';
import { WORK_DONE_CLAIM } from './workerClaims.js';
import { itemExamples, quotedPhrases } from '../../fixtures/plan.js';
import { normaliseQuote } from '../../text/quote.js';
import { contaminantIn, SEALED_KEYS, type CriticRequest } from '../../requests/types.js';
import type { Critic } from '../critic.js';
import { checkAgainstEvidence } from './evidenceCheck.js';
import { judgeExamples } from './runExamples.js';

/** One item of the acceptance plan, as the request's task carries it. */
export interface PlanItemText {
  item: number;
  text: string;
}

/** An issue in seed 003's form: "item K → what is wrong → how to verify". */
export interface PlanIssue {
  item: number | null;
  wrong: string;
  verify: string;
}

const PLAN_HEADING = /(?:^|\n)Acceptance plan:\n/g;
const PLAN_LINE = /^(\d+)\.\s+(.*)$/;

/** The acceptance plan the task text ends with (see fixtures/plan.ts taskWithPlan); empty without one. */
export function planIn(task: string): PlanItemText[] {
  const headings = [...task.matchAll(PLAN_HEADING)];
  const last = headings.at(-1);
  if (!last) return [];
  const items: PlanItemText[] = [];
  for (const line of task.slice(last.index + last[0].length).split('\n')) {
    const m = PLAN_LINE.exec(line);
    if (m) items.push({ item: Number(m[1]), text: m[2]! });
    else if (items.length && line.trim()) items[items.length - 1]!.text += ` ${line.trim()}`;
  }
  return items;
}

export { itemExamples } from '../../fixtures/plan.js';

/** Code: each item's examples, run against the candidate in the sandbox; an item fails with its first example that disagrees. */
export async function codePlanIssues(plan: readonly PlanItemText[], artifact: string, options: SandboxOptions = {}): Promise<PlanIssue[]> {
  const examples = plan.flatMap((p) => itemExamples(p.text).map((example) => ({ item: p.item, example })));
  if (!examples.length) return [];
  const run = await judgeExamples(
    examples.map((e) => e.example),
    artifact,
    options,
  );
  if (run.parseError !== null) return [{ item: examples[0]!.item, wrong: `the candidate does not parse (${run.parseError})`, verify: 'compile it' }];
  const issues: PlanIssue[] = [];
  for (const problem of run.problems) {
    if (problem.unread) continue;
    const { item, example } = examples[problem.index]!;
    if (issues.some((i) => i.item === item)) continue;
    issues.push({ item, wrong: problem.problem.replace(/^`[^`]*`: the docstring says/, `\`${example.expr}\`: the plan says`), verify: `run \`${example.expr}\`` });
  }
  return issues;
}

const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december)';

/**
 * A phrase as the checker compares it: case, quotes, dashes, whitespace,
 * currency signs and digit grouping normalised (normaliseQuote), and the
 * rewrites that keep a claim (the paraphrase controls') undone: "£40.00" is
 * "£40", "a day" is "per day", "April 6, 2026" is "6 April 2026".
 */
export function canonicalWording(text: string): string {
  return normaliseQuote(text)
    .replace(/(\d)\.00(?!\d)/g, '$1')
    .replace(/\b(?:a|per) (day|week|month|year|night|hour|journey|mile|person|dose)\b/g, 'per $1')
    .replace(new RegExp(`\\b${MONTH} (\\d{1,2}), (\\d{4})\\b`, 'g'), '$2 $1 $3');
}

const words = (text: string) => new Set((text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !STOP.has(w)));
const STOP = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'are', 'states', 'state', 'says', 'from', 'not', 'any', 'each']);

/** The plan item a claim is about: the one whose text shares the most words with it, or null when none shares any. */
function itemAbout(plan: readonly PlanItemText[], claim: string): number | null {
  const said = words(claim);
  let best: { item: number; shared: number } | null = null;
  for (const p of plan) {
    const shared = [...words(p.text)].filter((w) => said.has(w)).length;
    if (shared > (best?.shared ?? 0)) best = { item: p.item, shared };
  }
  return best?.item ?? null;
}

/**
 * Text: each item's quoted phrase must be stated in the answer, and no claim
 * may contradict the evidence (the evidence checker's findings, each put to
 * the plan item it is about).
 */
export function textPlanIssues(plan: readonly PlanItemText[], request: Pick<CriticRequest, 'artifact' | 'evidence'>): PlanIssue[] {
  const answer = canonicalWording(request.artifact);
  const issues: PlanIssue[] = [];
  for (const p of plan) {
    const missing = quotedPhrases(p.text).filter((q) => !answer.includes(canonicalWording(q)));
    if (missing.length) issues.push({ item: p.item, wrong: `the answer does not state ${missing.map((q) => `"${q}"`).join(' or ')}`, verify: 'find it in the evidence and in the answer' });
  }
  for (const f of checkAgainstEvidence(request)) {
    const item = itemAbout(plan, f.claim);
    // One issue per item: the reviewer names what is wrong with it, not every symptom.
    if (item !== null && issues.some((i) => i.item === item)) continue;
    issues.push({ item, wrong: `${f.problem} in "${f.claim}"`, verify: 'compare the claim with the evidence' });
  }
  return issues;
}

/** The reply in the accepted-issues grammar: ACCEPTED, or "N. item K → what is wrong → how to verify". */
export function describePlanIssues(issues: readonly PlanIssue[]): string {
  if (!issues.length) return 'ACCEPTED';
  return issues.map((i, n) => `${n + 1}. ${i.item === null ? 'no plan item' : `item ${i.item}`} → ${i.wrong} → ${i.verify}`).join('\n');
}

/** Plan-check's whole review: the plan from the task; code (no evidence) by its examples, text by its phrases and the evidence. */
export async function checkPlan(request: CriticRequest, options: SandboxOptions = {}): Promise<string> {
  const plan = planIn(request.task);
  if (!plan.length) return 'ACCEPTED';
  // Withheld evidence (blind) is a text artifact's: checked as text, against no evidence.
  const issues = (request.evidence?.length ?? 1) ? textPlanIssues(plan, request) : await codePlanIssues(plan, request.artifact, options);
  return describePlanIssues(issues);
}

/**
 * Seed 003's reviewer, offline: checks the candidate against the acceptance
 * plan item by item (code by running the items' examples, text by the items'
 * quoted phrases and the evidence) and answers ACCEPTED or the issues by
 * plan item. It reviews only fixtures with a plan, and reads only the sealed
 * request: a round summary changes nothing.
 */
export function createPlanCheckCritic(name: string): Critic {
  // The conditions of one item share one check: only the task, artifact and evidence decide it.
  const replies = new Map<string, Promise<string>>();
  return {
    name,
    plansOnly: true,
    identity: { provider: 'builtin:plan-check', version: 1 },
    async review({ request, signal }) {
      const key = `${request.task}\0${request.artifact}\0${JSON.stringify(request.evidence)}`;
      let reply = replies.get(key);
      if (!reply) {
        reply = checkPlan(request, { signal });
        replies.set(key, reply);
        reply.catch(() => replies.delete(key));
      }
      return { text: await reply };
    },
  };
}

/**
 * Seed 003's failure, as a control: the plan checker, except that it accepts
 * whenever a contaminant the request carries (the worker's round summary, a
 * trace) claims the work is done. Against plan-check it shows the
 * round-summary effect.
 */
export function createPlanTrustingCritic(name: string): Critic {
  const checker = createPlanCheckCritic(name);
  return {
    name,
    plansOnly: true,
    identity: { provider: 'builtin:plan-trusting', version: 1 },
    async review(call) {
      const extra = Object.keys(call.request).filter((k) => !(SEALED_KEYS as readonly string[]).includes(k));
      if (extra.some((k) => WORK_DONE_CLAIM.test(contaminantIn(call.request, k) ?? ''))) return { text: 'ACCEPTED' };
      return checker.review(call);
    },
  };
}
