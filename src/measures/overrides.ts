import type { Condition } from '../requests/conditions/index.js';
import type { Band } from '../gates/schema.js';
import { formatPath } from '../util/yamlSource.js';
import { InputError } from '../errors.js';
import { fieldOverrides, measureThresholdProblems, scalarOverrides, thresholdsSchema, type Thresholds } from './index.js';
import type { CriticGrammar, FieldOverride } from './measure.js';

const SCALAR_KEYS = ['minVerdictRate', 'gate'] as const;
const BAND_FIELDS = ['high', 'low', 'break'] as const;

/**
 * Applies command-line overrides (`--threshold number-flip.break=0.7`) to the
 * configured thresholds, then validates the result as the config is
 * validated. Accepted keys: `<mutator>[.high|.low|.break]` (or with a
 * `catchRate.` prefix, and `default` for every mutator without its own),
 * `maxFalseAlarmRate`, `maxAnchoringDrop`, `minVerdictRate`, `gate`, and
 * `maxRegression.*` (`maxRegression.rows=pooled|per-mutator|<mutator>,<mutator>`), `minimumDetectableEffect.*`, `positiveControl.*`,
 * `maxConditionEffect.<condition>[.<mutator>|.default]`, `maxFalseConsensus[.<review mutator>|.default]`,
 * `maxBlindDiscrimination[.<mutator>|.default]`.
 * Given the run's critics, a key that gates critics the run has none of (maxFalseConsensus without a critic of
 * reviews) is refused as the config refuses it.
 */
export function applyThresholdOverrides(
  thresholds: Thresholds,
  overrides: readonly string[],
  mutatorNames: readonly string[],
  conditions: readonly Condition[],
  critics?: readonly CriticGrammar[],
): Thresholds {
  const scalarKeys: readonly string[] = [...SCALAR_KEYS, ...scalarOverrides()];
  const objectKeys = new Map<string, FieldOverride>(fieldOverrides());
  let next: Record<string, unknown> = structuredClone(thresholds) as Record<string, unknown>;
  for (const arg of overrides) {
    const bad = (problem: string) => new InputError('(command line)', undefined, `--threshold ${arg}`, problem);
    const eq = arg.indexOf('=');
    if (eq <= 0) throw bad('use KEY=VALUE, e.g. number-flip.break=0.7');
    const path = arg.slice(0, eq).split('.');
    const text = arg.slice(eq + 1).trim();
    const value: unknown = text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    if (path[0] === 'catchRate') path.shift();
    const [head, field, ...rest] = path;
    const set = head ? objectKeys.get(head)?.set : undefined;
    if (head && set) {
      try {
        next = { ...next, [head]: set(next[head], path.slice(1), value, { mutators: mutatorNames, text, critics }) };
      } catch (err) {
        throw bad((err as Error).message);
      }
    } else if (!head || rest.length) throw bad('too many parts in the key');
    else if (head === 'mode' && field === undefined) {
      next = { ...next, catchRate: { ...(typeof next.catchRate === 'number' ? { default: next.catchRate } : ((next.catchRate as object | undefined) ?? {})), mode: value } };
    } else if (head === 'default' || mutatorNames.includes(head)) {
      if (field !== undefined && !(BAND_FIELDS as readonly string[]).includes(field)) throw bad(`"${field}" is not a band field; use high, low or break`);
      next = { ...next, catchRate: overrideCatchRate(next.catchRate as Thresholds['catchRate'], head, field as keyof Band | undefined, value) };
    } else if (scalarKeys.includes(head)) {
      if (field !== undefined) throw bad(`${head} takes a single value`);
      next = { ...next, [head]: value };
    } else if (objectKeys.has(head)) {
      const { example, shorthand } = objectKeys.get(head)!;
      if (field === undefined) throw bad(`name the field, e.g. ${head}.${example}=...`);
      let current = next[head];
      if (typeof current === 'number' && shorthand) current = shorthand(current);
      next = { ...next, [head]: { ...((current as object | undefined) ?? {}), [field]: value } };
    } else {
      throw bad(`unknown threshold "${head}"; known: a mutator (${mutatorNames.join(', ')}), default, mode, ${[...scalarKeys, ...objectKeys.keys()].join(', ')}`);
    }
    const checked = thresholdsSchema.safeParse(next);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw bad(`${formatPath(issue.path)}: ${issue.message}`);
    }
    const [problem] = measureThresholdProblems(checked.data, { conditions, mutators: mutatorNames });
    if (problem) throw bad(`${problem.path.join('.')}: ${problem.message}`);
    next = checked.data as Record<string, unknown>;
  }
  return next as Thresholds;
}

function overrideCatchRate(catchRate: Thresholds['catchRate'], mutator: string, field: keyof Band | undefined, value: unknown): Record<string, unknown> {
  const map: Record<string, unknown> = typeof catchRate === 'number' ? { default: catchRate } : { ...(catchRate ?? {}) };
  if (field === undefined) {
    map[mutator] = value;
    return map;
  }
  // Start from what applies to this mutator now, so `number-flip.break=0.5` keeps default's high and low.
  const current = (map[mutator] ?? map['default']) as number | Band | undefined;
  const band: Record<string, unknown> = typeof current === 'number' ? { break: current } : { ...(current ?? {}) };
  band[field] = value;
  map[mutator] = band;
  return map;
}
