import type { Condition } from '../requests/conditions/index.js';
import { baseThresholdsShape } from '../gates/schema.js';
import { formatPath } from '../util/yamlSource.js';
import { InputError } from '../errors.js';
import { fieldOverrides, measureThresholdProblems, scalarOverrides, thresholdsSchema, type Thresholds } from './index.js';
import type { CriticGrammar, FieldOverride } from './measure.js';

/**
 * Applies command-line overrides (`--threshold number-flip.break=0.7`) to the
 * configured thresholds, then validates the result as the config is
 * validated. Each key is set by its measure's rule (src/measures): a key that
 * takes a single value (`maxFalseAlarmRate`, `minVerdictRate`, `gate`), a
 * field of an object (`maxRegression.margin`, `positiveControl.*`,
 * `minimumDetectableEffect.*`), or the key's own rule: `catchRate`'s
 * `<mutator>[.high|.low|.break]`, `default` and `mode` (its name may be left
 * out), `maxRegression.rows=pooled|per-mutator|<mutator>,<mutator>`,
 * `maxConditionEffect.<condition>[.<mutator>|.default]`,
 * `maxFalseConsensus[.<review mutator>|.default]`,
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
  const scalarKeys: readonly string[] = [...Object.keys(baseThresholdsShape), ...scalarOverrides()];
  const objectKeys = new Map<string, FieldOverride>(fieldOverrides());
  // The keys whose name may be left out, with the first parts that stand for them.
  const bare = [...objectKeys].flatMap(([key, o]) => (o.bare ? [{ key, ...o.bare(mutatorNames) }] : []));
  let next: Record<string, unknown> = structuredClone(thresholds) as Record<string, unknown>;
  for (const arg of overrides) {
    const bad = (problem: string) => new InputError('(command line)', undefined, `--threshold ${arg}`, problem);
    const eq = arg.indexOf('=');
    if (eq <= 0) throw bad('use KEY=VALUE, e.g. number-flip.break=0.7');
    const path = arg.slice(0, eq).split('.');
    const text = arg.slice(eq + 1).trim();
    const value: unknown = text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    const [first = ''] = path;
    const implied = scalarKeys.includes(first) || objectKeys.has(first) ? undefined : bare.find((b) => b.parts.includes(first));
    const [head, field, ...rest] = implied ? [implied.key, ...path] : path;
    const fields = implied ? path : path.slice(1);
    const set = head ? objectKeys.get(head)?.set : undefined;
    if (head && set) {
      try {
        next = { ...next, [head]: set(next[head], fields, value, { mutators: mutatorNames, text, critics }) };
      } catch (err) {
        throw bad((err as Error).message);
      }
    } else if (!head || rest.length) throw bad('too many parts in the key');
    else if (scalarKeys.includes(head)) {
      if (field !== undefined) throw bad(`${head} takes a single value`);
      next = { ...next, [head]: value };
    } else if (objectKeys.has(head)) {
      const { example, shorthand } = objectKeys.get(head)!;
      if (field === undefined) throw bad(`name the field, e.g. ${head}.${example}=...`);
      let current = next[head];
      if (typeof current === 'number' && shorthand) current = shorthand(current);
      next = { ...next, [head]: { ...((current as object | undefined) ?? {}), [field]: value } };
    } else {
      const known = [...bare.map((b) => b.described), ...Object.keys(thresholdsSchema.shape).filter((key) => !bare.some((b) => b.key === key))];
      throw bad(`unknown threshold "${head}"; known: ${known.join(', ')}`);
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
