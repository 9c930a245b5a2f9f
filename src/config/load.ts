import { dirname, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { ALL_MUTATORS } from '../../mutators/index.js';
import type { Mutator } from '../../mutators/types.js';
import { InputError } from '../errors.js';
import { REVIEW_MUTATOR_NAMES } from '../measures/reviewAudit.js';
import { measureThresholdProblems } from '../measures/index.js';
import { escalates } from '../results/escalation.js';
import { BUILTIN_CONTAMINANT_KEYS, contaminantKeys, declaredSpecs, fixtureFieldsOf, resolveConditions, type Condition, type DeclaredConditionSpec } from '../requests/conditions/index.js';
import { unknownTemplateKeys } from '../requests/render.js';
import { ROUND_SUMMARY_KEY } from '../requests/loop.js';
import { validateCriticConfig } from '../reviews/providers/index.js';
import { DEFAULT_GRAMMAR, GRAMMARS, type GrammarName, type VerdictGrammar } from '../reviews/verdicts/index.js';
import { configSchema, type CriticConfig, type RawConfig } from './schema.js';
import { YamlSource } from '../util/yamlSource.js';
import { PACKAGE_ROOT } from '../util/packageRoot.js';
import { FIXTURE_KEYS, fixtureKind } from '../fixtures/kinds/index.js';
import { AUTHORED_MUTANT_TYPES, CONTAMINANT_FIXTURE_KEYS } from '../fixtures/plan.js';

export interface NamedCritic {
  name: string;
  config: CriticConfig;
  /** Where `config` was declared, for errors raised when the critic is built. */
  path: Array<string | number>;
  /** The prompt template's text (the bundled default unless the critic names one). */
  template: string;
  /** Reads the critic's replies; its `verdict:` key, pass-fail unless it names another. */
  grammar: VerdictGrammar;
  /** `verdict: claims` only: whether a not-found claim flags the artifact (default) or is neutral. */
  notFound: 'flag' | 'neutral';
}

export interface AuditConfig extends Omit<RawConfig, 'critic' | 'critics' | 'mutators' | 'conditions'> {
  file: string;
  /** Folder the config's relative paths are resolved against. */
  baseDir: string;
  /** The mutators the config names; without a `mutators:` key, the default list (mutatorsForSuite narrows it to the suite's kinds). */
  mutators: Mutator[];
  /** True when the config names no `mutators:` and `mutators` is the default list. */
  defaultMutators: boolean;
  /** The run's conditions, clean first, built-in and declared. */
  conditions: Condition[];
  /** The declared conditions as the config gives them (the run store keeps them for its reports). */
  declaredConditions: DeclaredConditionSpec[];
  /** Fixture fields the declared conditions name: a fixture may carry them. */
  fixtureFields: string[];
  /** Set by `run --strict-sealing`: verdict-like text in a fixture's sealed texts is bad input, not a warning. */
  strictSealing?: boolean;
  critics: NamedCritic[];
  source: YamlSource;
  /** `reviewAudits:` (seed 001), its review mutators resolved (they are in `mutators` too). */
  reviewAudit?: ReviewAudit;
}

export interface ReviewAudit {
  from: string[];
  mutators: Mutator[];
  reviewed: string[] | undefined;
  perFixture: number;
}

export const DEFAULT_TEMPLATE_FILE = resolve(PACKAGE_ROOT, 'prompts/critic.md');

export function loadConfig(file: string): AuditConfig {
  const source = YamlSource.read(file);
  const raw = source.validate(configSchema);
  const baseDir = dirname(resolve(file));

  const named = (names: readonly string[], path: Array<string | number>) =>
    names.map((name, i) => {
      const mutator = ALL_MUTATORS.find((m) => m.name === name);
      if (!mutator) throw source.errorAt([...path, i], `unknown mutator "${name}"; known: ${ALL_MUTATORS.map((m) => m.name).join(', ')}`);
      return mutator;
    });
  // Unlisted, the mutators are those of artifacts; the review mutators come with reviewAudits (or by name).
  const artifactMutators = named(raw.mutators ?? ALL_MUTATORS.map((m) => m.name).filter((name) => !REVIEW_MUTATOR_NAMES.includes(name)), ['mutators']);
  const reviewAudit = raw.reviewAudits ? reviewAuditOf(raw.reviewAudits, artifactMutators, named, source) : undefined;
  const mutators = [...artifactMutators, ...(reviewAudit?.mutators ?? []).filter((m) => !artifactMutators.includes(m))];

  const conditions = resolveConditions(raw.conditions, ({ path, message }) => {
    throw source.errorAt(['conditions', ...path], message);
  });
  const conditionNames = conditions.map((c) => c.name);
  if (!conditionNames.includes(raw.reports.primaryCondition)) {
    throw source.errorAt(['reports', 'primaryCondition'], `"${raw.reports.primaryCondition}" is not one of the run's conditions (${conditionNames.join(', ')})`);
  }
  const declaredConditions = declaredSpecs(raw.conditions);
  if (raw.escalation && !conditions.some(escalates)) {
    throw source.errorAt(
      ['escalation'],
      `escalation decides what a finding held against a rebuttal comes to, and the run has no rebuttal condition (${conditionNames.join(', ')}); add rebuttal-unsupported, rebuttal-evidence or a declared follow-up {name, after, text}`,
    );
  }
  const declared = raw.critics ? raw.critics.map((c, i) => ({ c, path: ['critics', i] })) : [{ c: raw.critic!, path: ['critic'] }];
  for (const { c, path } of declared) validateCriticConfig(c, { conditions, errorAt: (key, message) => source.errorAt([...path, key], message) });
  raw.conditions?.forEach((entry, i) => {
    if (typeof entry === 'object' && 'field' in entry && entry.field !== undefined && FIXTURE_KEYS.includes(entry.field) && !CONTAMINANT_FIXTURE_KEYS.includes(entry.field)) {
      throw source.errorAt(['conditions', i, 'field'], `"${entry.field}" is a fixture's own key; name an extra field the fixtures carry for this condition (e.g. retrieval)`);
    }
  });
  if (raw.loop && contaminantKeys(conditions).includes(ROUND_SUMMARY_KEY)) {
    throw source.errorAt(['loop'], `a declared condition uses the key ${ROUND_SUMMARY_KEY}, which the review loop's rounds carry; give that condition another key`);
  }
  const templateKeys = [...new Set([...BUILTIN_CONTAMINANT_KEYS, ...contaminantKeys(conditions), ...(raw.loop ? [ROUND_SUMMARY_KEY] : [])])];

  const names = new Set<string>();
  const critics = declared.map(({ c, path }) => {
    const name = c.name ?? c.provider;
    if (names.has(name)) throw source.errorAt([...path, 'name'], `duplicate critic name "${name}"`);
    names.add(name);
    const grammar = GRAMMARS[('verdict' in c ? c.verdict : DEFAULT_GRAMMAR) as GrammarName];
    const notFound = 'notFound' in c ? (c.notFound as 'flag' | 'neutral' | undefined) : undefined;
    if (notFound !== undefined && !grammar.perClaim)
      throw source.errorAt([...path, 'notFound'], `notFound applies to per-claim verdicts only; this critic's verdict is ${grammar.name} (set verdict: claims)`);
    return { name, config: c, path, template: readTemplate(source, baseDir, c, path, templateKeys), grammar, notFound: notFound ?? 'flag' };
  });

  const thresholdRun = { conditions, mutators: [...ALL_MUTATORS.map((m) => m.name), ...AUTHORED_MUTANT_TYPES], critics: critics.map((c) => c.grammar) };
  for (const { path, message } of measureThresholdProblems(raw.thresholds, thresholdRun)) {
    throw source.errorAt(['thresholds', ...path], message);
  }
  if (reviewAudit && !critics.some((c) => c.grammar.readsReviews)) {
    throw source.errorAt(['reviewAudits'], 'a review audit needs a critic of reviews: give one critic `verdict: agree-disagree` (it reviews the reviews, and only them)');
  }

  const { critic: _one, critics: _many, mutators: _m, conditions: _c, reviewAudits: _r, ...rest } = raw;
  const fixtureFields = fixtureFieldsOf(declaredConditions);
  return {
    ...rest,
    file: resolve(file),
    baseDir,
    mutators,
    defaultMutators: raw.mutators === undefined,
    conditions,
    declaredConditions,
    fixtureFields,
    critics,
    source,
    ...(reviewAudit ? { reviewAudit } : {}),
  };
}

/**
 * The mutators a run applies to its suite: those the config names, or, when it
 * names none, the default list narrowed to the kinds of artifact the suite's
 * fixtures have (a text-only suite gets no code mutator), with the review
 * mutators `reviewAudits` brings (their fixtures are built during the run).
 */
export function mutatorsForSuite(config: Pick<AuditConfig, 'mutators' | 'defaultMutators' | 'reviewAudit'>, kinds: Iterable<string>): Mutator[] {
  if (!config.defaultMutators) return config.mutators;
  const present = new Set(kinds);
  return config.mutators.filter((m) => present.has(m.kind) || config.reviewAudit?.mutators.includes(m));
}

/** `reviewAudits:` checked: its mutators are review mutators, and the artifact mutators it reviews are the audit's. */
function reviewAuditOf(
  raw: NonNullable<RawConfig['reviewAudits']>,
  artifactMutators: readonly Mutator[],
  named: (names: readonly string[], path: Array<string | number>) => Mutator[],
  source: YamlSource,
): ReviewAudit {
  const mutators = named(raw.mutators ?? REVIEW_MUTATOR_NAMES, ['reviewAudits', 'mutators']);
  mutators.forEach((m, i) => {
    if (!fixtureKind(m.kind).isReview)
      throw source.errorAt(['reviewAudits', 'mutators', i], `"${m.name}" mutates ${m.kind} artifacts, not reviews; review mutators: ${REVIEW_MUTATOR_NAMES.join(', ')}`);
  });
  raw.reviewed?.forEach((name, i) => {
    if (!artifactMutators.some((m) => m.name === name))
      throw source.errorAt(['reviewAudits', 'reviewed', i], `"${name}" is not one of the audit's mutators (${artifactMutators.map((m) => m.name).join(', ')})`);
  });
  return { from: raw.from, mutators, reviewed: raw.reviewed, perFixture: raw.perFixture };
}

function readTemplate(source: YamlSource, baseDir: string, critic: CriticConfig, path: Array<string | number>, contaminantKeys: readonly string[]): string {
  const file = 'prompt' in critic && critic.prompt ? resolve(baseDir, critic.prompt) : DEFAULT_TEMPLATE_FILE;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw source.errorAt([...path, 'prompt'], `cannot read prompt template ${file}`);
  }
  const unknown = unknownTemplateKeys(text, contaminantKeys);
  if (unknown.length) throw new InputError(file, undefined, 'template', `unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `{{${k}}}`).join(', ')}`);
  return text;
}
