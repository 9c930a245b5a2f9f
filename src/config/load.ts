import { dirname, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { ALL_MUTATORS } from '../../mutators/index.js';
import type { Mutator } from '../../mutators/types.js';
import { InputError } from '../errors.js';
import { powerDesign } from '../gates/power.js';
import { pairedSampleSize } from '../statistics/power.js';
import { CONDITION_NAMES, type ConditionName } from '../requests/conditions/index.js';
import { unknownTemplateKeys } from '../requests/render.js';
import { DEFAULT_GRAMMAR, GRAMMARS, type GrammarName, type VerdictGrammar } from '../reviews/verdicts/index.js';
import { configSchema, type CriticConfig, type RawConfig } from './schema.js';
import { YamlSource } from '../util/yamlSource.js';
import { PACKAGE_ROOT } from '../util/packageRoot.js';

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
  mutators: Mutator[];
  conditions: ConditionName[];
  critics: NamedCritic[];
  source: YamlSource;
}

export const DEFAULT_TEMPLATE_FILE = resolve(PACKAGE_ROOT, 'prompts/critic.md');

export function loadConfig(file: string): AuditConfig {
  const source = YamlSource.read(file);
  const raw = source.validate(configSchema);
  const baseDir = dirname(resolve(file));

  const mutators = (raw.mutators ?? ALL_MUTATORS.map((m) => m.name)).map((name, i) => {
    const mutator = ALL_MUTATORS.find((m) => m.name === name);
    if (!mutator) throw source.errorAt(['mutators', i], `unknown mutator "${name}"; known: ${ALL_MUTATORS.map((m) => m.name).join(', ')}`);
    return mutator;
  });

  const catchRate = raw.thresholds.catchRate;
  if (catchRate !== undefined && typeof catchRate !== 'number') {
    for (const key of Object.keys(catchRate)) {
      if (key !== 'default' && key !== 'mode' && !ALL_MUTATORS.some((m) => m.name === key)) {
        throw source.errorAt(['thresholds', 'catchRate', key], `unknown mutator "${key}"; use a mutator name, "default" or "mode" (a band goes per mutator: {default: {high, low, break}})`);
      }
    }
  }

  const design = powerDesign(raw.thresholds.minimumDetectableEffect);
  if (design) {
    try {
      pairedSampleSize(design);
    } catch (err) {
      throw source.errorAt(['thresholds', 'minimumDetectableEffect'], (err as Error).message.replace(/^pairedSampleSize: /, ''));
    }
  }

  let conditions = raw.conditions ?? [...CONDITION_NAMES];
  if (!conditions.includes('clean')) conditions = ['clean', ...conditions]; // every contaminant is measured against clean
  if (!conditions.includes(raw.reports.primaryCondition)) {
    throw source.errorAt(['reports', 'primaryCondition'], `"${raw.reports.primaryCondition}" is not one of the run's conditions (${conditions.join(', ')})`);
  }

  const declared = raw.critics ? raw.critics.map((c, i) => ({ c, path: ['critics', i] })) : [{ c: raw.critic!, path: ['critic'] }];
  const names = new Set<string>();
  const critics = declared.map(({ c, path }) => {
    const name = c.name ?? c.provider;
    if (names.has(name)) throw source.errorAt([...path, 'name'], `duplicate critic name "${name}"`);
    names.add(name);
    const grammar = GRAMMARS[('verdict' in c ? c.verdict : DEFAULT_GRAMMAR) as GrammarName];
    const notFound = 'notFound' in c ? (c.notFound as 'flag' | 'neutral' | undefined) : undefined;
    if (notFound !== undefined && grammar.name !== 'claims')
      throw source.errorAt([...path, 'notFound'], `notFound applies to per-claim verdicts only; this critic's verdict is ${grammar.name} (set verdict: claims)`);
    return { name, config: c, path, template: readTemplate(source, baseDir, c, path), grammar, notFound: notFound ?? 'flag' };
  });

  const { critic: _one, critics: _many, mutators: _m, conditions: _c, ...rest } = raw;
  return { ...rest, file: resolve(file), baseDir, mutators, conditions, critics, source };
}

function readTemplate(source: YamlSource, baseDir: string, critic: CriticConfig, path: Array<string | number>): string {
  const file = 'prompt' in critic && critic.prompt ? resolve(baseDir, critic.prompt) : DEFAULT_TEMPLATE_FILE;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw source.errorAt([...path, 'prompt'], `cannot read prompt template ${file}`);
  }
  const unknown = unknownTemplateKeys(text);
  if (unknown.length) throw new InputError(file, undefined, 'template', `unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `{{${k}}}`).join(', ')}`);
  return text;
}
