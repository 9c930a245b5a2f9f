import type { Condition } from '../requests/conditions/index.js';
import { overrideBlindDiscrimination } from './blindDiscrimination.js';
import { overrideFalseConsensus } from './falseConsensus.js';
import { conditionEffectProblems } from './conditionEffects.js';
import { secondTurnProblems } from './secondTurn.js';
import { regressionRowsProblems, rowsOverride } from './regression.js';
import type { BandStatus, ResolvedBand } from './gate.js';
import { thresholdsSchema, type Band, type CatchMode, type Thresholds } from './schema.js';
import { formatPath } from '../util/yamlSource.js';
import { InputError } from '../errors.js';

/** A catch-rate threshold as configured: a plain number is the break point (the original meaning). */
export function resolveBand(entry: number | Band): ResolvedBand {
  if (typeof entry === 'number') return { high: entry, low: entry, break: entry };
  const low = entry.low ?? entry.break ?? entry.high!;
  return { high: entry.high ?? low, low, break: entry.break ?? null };
}

/** The band for one mutator's clean catch rate: its own entry, else `default`, else none. */
export function catchRateBand(catchRate: Thresholds['catchRate'], mutator: string): ResolvedBand | undefined {
  if (catchRate === undefined) return undefined;
  const entry = typeof catchRate === 'number' ? catchRate : (catchRate[mutator] ?? catchRate['default']);
  return entry === undefined || typeof entry === 'string' ? undefined : resolveBand(entry);
}

/** Whether the catch-rate gates count every FAIL on a mutant (raw, the default) or only located catches. */
export function catchRateMode(catchRate: Thresholds['catchRate']): CatchMode {
  return typeof catchRate === 'object' && catchRate['mode'] === 'located' ? 'located' : 'raw';
}

/** True when catchRate names this mutator itself, rather than reaching it through `default` or a single number. */
export function namesMutator(catchRate: Thresholds['catchRate'], mutator: string): boolean {
  return typeof catchRate === 'object' && Object.hasOwn(catchRate, mutator);
}

/** At or above high: green; below low: red; between: amber. */
export function bandStatus(value: number, band: ResolvedBand): BandStatus {
  if (value >= band.high) return 'green';
  if (value < band.low) return 'red';
  return 'amber';
}

const SCALAR_KEYS = ['maxFalseAlarmRate', 'maxAnchoringDrop', 'minVerdictRate', 'gate'] as const;
const OBJECT_KEYS = ['maxRegression', 'minimumDetectableEffect', 'positiveControl', 'maxYield', 'minCorrection'] as const;
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
 */
export function applyThresholdOverrides(thresholds: Thresholds, overrides: readonly string[], mutatorNames: readonly string[], conditions: readonly Condition[]): Thresholds {
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
    if (head === 'maxConditionEffect') {
      if (field === undefined || rest.length > 1) throw bad('use maxConditionEffect.<condition>=N, or maxConditionEffect.<condition>.<mutator or default>=N');
      next = { ...next, maxConditionEffect: overrideConditionEffect(next.maxConditionEffect as Thresholds['maxConditionEffect'], field, rest[0], value) };
    } else if (!head || rest.length) throw bad('too many parts in the key');
    else if (head === 'maxFalseConsensus') {
      try {
        next = { ...next, maxFalseConsensus: overrideFalseConsensus(next.maxFalseConsensus, field, value) };
      } catch (err) {
        throw bad((err as Error).message);
      }
    } else if (head === 'maxBlindDiscrimination') {
      try {
        next = { ...next, maxBlindDiscrimination: overrideBlindDiscrimination(next.maxBlindDiscrimination, field, value, mutatorNames) };
      } catch (err) {
        throw bad((err as Error).message);
      }
    } else if (head === 'mode' && field === undefined) {
      next = { ...next, catchRate: { ...(typeof next.catchRate === 'number' ? { default: next.catchRate } : ((next.catchRate as object | undefined) ?? {})), mode: value } };
    } else if (head === 'default' || mutatorNames.includes(head)) {
      if (field !== undefined && !(BAND_FIELDS as readonly string[]).includes(field)) throw bad(`"${field}" is not a band field; use high, low or break`);
      next = { ...next, catchRate: overrideCatchRate(next.catchRate as Thresholds['catchRate'], head, field as keyof Band | undefined, value) };
    } else if ((SCALAR_KEYS as readonly string[]).includes(head)) {
      if (field !== undefined) throw bad(`${head} takes a single value`);
      next = { ...next, [head]: value };
    } else if ((OBJECT_KEYS as readonly string[]).includes(head)) {
      if (field === undefined) throw bad(`name the field, e.g. ${head}.${head === 'maxRegression' ? 'margin' : head === 'positiveControl' ? 'minVerdictRate' : 'delta'}=...`);
      let current = next[head];
      if (typeof current === 'number') current = { delta: current }; // minimumDetectableEffect shorthand
      // maxRegression.rows takes a word or a list of mutators, given on the command line as names separated by commas.
      const fieldValue = head === 'maxRegression' && field === 'rows' ? rowsOverride(text) : value;
      next = { ...next, [head]: { ...((current as object | undefined) ?? {}), [field]: fieldValue } };
    } else {
      throw bad(
        `unknown threshold "${head}"; known: a mutator (${mutatorNames.join(', ')}), default, mode, ${[...SCALAR_KEYS, ...OBJECT_KEYS, 'maxConditionEffect', 'maxFalseConsensus', 'maxBlindDiscrimination'].join(', ')}`,
      );
    }
    const checked = thresholdsSchema.safeParse(next);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw bad(`${formatPath(issue.path)}: ${issue.message}`);
    }
    const [problem] = [
      ...conditionEffectProblems(checked.data.maxConditionEffect, conditions, mutatorNames),
      ...secondTurnProblems(checked.data, conditions),
      ...regressionRowsProblems(checked.data.maxRegression, mutatorNames),
    ];
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

function overrideConditionEffect(entries: Thresholds['maxConditionEffect'], condition: string, mutator: string | undefined, value: unknown): Record<string, unknown> {
  const map: Record<string, unknown> = { ...(entries ?? {}) };
  if (mutator === undefined) map[condition] = value;
  else {
    // A single number so far is the default every mutator without its own keeps.
    const current = map[condition];
    map[condition] = { ...(typeof current === 'number' ? { default: current } : ((current as object | undefined) ?? {})), [mutator]: value };
  }
  return map;
}
