import { isReviewFixture } from '../fixtures/kinds/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareRun } from '../audit.js';
import type { AuditConfig, NamedCritic } from '../config/load.js';
import type { AnswerKey, CanaryEntry } from '../drift/answerKey.js';
import { InputError } from '../errors.js';
import { fixtureKind } from '../fixtures/kinds/index.js';
import type { Mutant } from '../mutants/types.js';
import { clean } from '../requests/conditions/clean.js';
import { fixtureItems, type ReviewItem } from '../requests/items.js';
import { reviewJobs } from '../requests/jobs.js';
import type { ChatMessage, CriticRequest } from '../requests/types.js';
import { reviewsFixture } from '../reviews/critic.js';
import { sha256Hex } from '../util/hash.js';

/** One line of canaries.jsonl: what the production critic receives, and an id to log beside its verdict. */
export interface CanaryLine {
  /** Opaque: a hash, so neither the critic nor the production system can read what it carries. */
  canaryId: string;
  /** The sealed request, exactly as an audit sends it under the clean condition (task, artifact, evidence, rubric). */
  request: CriticRequest;
  /** The request rendered through the critic entry's prompt template: the rubric as system message, the template as user message. */
  messages: ChatMessage[];
  /** The artifact as numbered claims, when the critic's template lists them or its verdict is per claim. */
  claims?: Array<{ id: number; text: string }>;
}

export interface CanaryExportOptions {
  /** The critic entry whose template and verdict grammar render the requests; needed when the config has several. */
  critic?: string | undefined;
  /** Most canary mutants per mutator, sampled with the config's seed; default all the audit keeps. */
  perMutator?: number | undefined;
}

export interface CanarySet {
  lines: CanaryLine[];
  key: AnswerKey;
}

/**
 * The canary set of an audit config: its verified mutants (the audit's own,
 * sampled per fixture and mutator with the seed, then per mutator when asked)
 * and its controls (originals and correct variants), each rendered as the
 * critic entry renders a clean request. Nothing in a line tells a canary from
 * traffic; only the key says which carries which mutation. Lines are in
 * canaryId order, so mutants and controls are interleaved as chance has it.
 */
export async function buildCanarySet(config: AuditConfig, options: CanaryExportOptions = {}): Promise<CanarySet> {
  const critic = chooseCritic(config, options.critic);
  const prepared = await prepareRun(config, undefined, true);
  const mutants = new Map<string, Mutant[]>();
  for (const generation of prepared.generation()) {
    for (const m of generation.mutants) mutants.set(m.fixtureId, [...(mutants.get(m.fixtureId) ?? []), m]);
  }
  const auditHasReviews = prepared.fixtures.some(isReviewFixture);
  // A production critic is a model: it reviews any kind; in a review audit only the critic of reviews reviews reviews.
  const items = prepared.fixtures.filter((f) => reviewsFixture({}, critic.grammar, f, auditHasReviews)).flatMap((f) => [...fixtureItems(f, mutants.get(f.id) ?? [])]);
  const idOf = (item: ReviewItem) => sha256Hex(`${config.seed}\0${critic.name}\0canary\0${item.id}`).slice(0, 24);
  const chosen = options.perMutator === undefined ? items : samplePerMutator(items, options.perMutator, idOf);

  const lines: CanaryLine[] = [];
  const key: AnswerKey['key'] = {};
  const rubricFor = (item: ReviewItem) => config.rubric ?? fixtureKind(item.kind).defaultRubric;
  const byId = new Map(chosen.map((item) => [item.id, item]));
  for (const job of reviewJobs(chosen, { conditions: [clean], rubricFor, template: critic.template, claims: critic.grammar.perClaim })) {
    const item = byId.get(job.itemId)!;
    const canaryId = idOf(item);
    lines.push({ canaryId, request: job.request, messages: job.messages, ...(job.claims ? { claims: job.claims } : {}) });
    key[canaryId] = entryOf(item);
  }
  lines.sort((a, b) => (a.canaryId < b.canaryId ? -1 : 1));
  const ordered = Object.fromEntries(lines.map((l) => [l.canaryId, key[l.canaryId]!]));
  return { lines, key: { version: 1, config: config.file, critic: critic.name, seed: config.seed, canaries: 'canaries.jsonl', key: ordered } };
}

/** Writes DIR/canaries.jsonl (for the production system) and DIR/answer-key.json (for the operator only). */
export function writeCanarySet(dir: string, set: CanarySet): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, set.key.canaries), set.lines.map((l) => JSON.stringify(l) + '\n').join(''));
  writeFileSync(join(dir, 'answer-key.json'), JSON.stringify(set.key, null, 2) + '\n');
}

function chooseCritic(config: AuditConfig, name: string | undefined): NamedCritic {
  if (name !== undefined) {
    const critic = config.critics.find((c) => c.name === name);
    if (!critic) throw new InputError(config.file, undefined, '--critic', `no critic named "${name}"; the config's critics: ${config.critics.map((c) => c.name).join(', ')}`);
    return critic;
  }
  if (config.critics.length > 1) {
    throw new InputError(
      config.file,
      undefined,
      '--critic',
      `the config has ${config.critics.length} critics (${config.critics.map((c) => c.name).join(', ')}): name the production critic with --critic`,
    );
  }
  return config.critics[0]!;
}

/** Every control, and at most `n` mutants of each mutator, chosen by the seeded id's order (a larger n only adds). */
function samplePerMutator(items: readonly ReviewItem[], n: number, idOf: (item: ReviewItem) => string): ReviewItem[] {
  const keep = new Set<ReviewItem>();
  const byMutator = new Map<string, ReviewItem[]>();
  for (const item of items) {
    if (item.role === 'original') keep.add(item);
    else byMutator.set(item.mutator!, [...(byMutator.get(item.mutator!) ?? []), item]);
  }
  for (const group of byMutator.values()) {
    for (const item of group.sort((a, b) => (idOf(a) < idOf(b) ? -1 : 1)).slice(0, n)) keep.add(item);
  }
  return items.filter((item) => keep.has(item));
}

function entryOf(item: ReviewItem): CanaryEntry {
  if (item.role === 'original' || !item.mutant) return { role: 'control', fixture: item.fixtureId, item: item.id };
  const { span, original, replacement } = item.mutant;
  return { role: 'mutant', fixture: item.fixtureId, item: item.id, mutator: item.mutator!, mutation: { span, original, replacement } };
}
