import chalk from 'chalk';
import { z } from 'zod';
import { noDataGate, nothingMeasured, type Gate, type GateContext, type ResolvedBand, unanswered } from '../gates/gate.js';
import { namedMutators, withNamed } from '../gates/gatedMutators.js';
import { bandSchema, GIVE_A_RATE, type Band } from '../gates/schema.js';
import { bandStatus, resolveBand } from '../gates/thresholds.js';
import { locatedTables } from '../results/located.js';
import type { CriticTables } from '../results/tabulate.js';
import { rate } from '../util/schemaParts.js';
import { CONDITION_COLOURS, renderPlot } from './catchRatePlot.js';
import { NO_DATA, percent, percentInterval, rateCell } from './format.js';
import { tablesMeasure, type ThresholdsOf } from './measure.js';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { AUTHORED_MUTANT_TYPES } from '../fixtures/plan.js';

/** What a catch is for the catch-rate gates: any FAIL on a mutant (raw), or one whose reply pointed at the mutation (located). */
const catchModeSchema = z.enum(['raw', 'located'], { message: 'mode must be raw or located' });
type CatchMode = z.infer<typeof catchModeSchema>;

const catchRate = z
  .union([
    rate,
    // Any string passes the union and is checked here, so a bad mode is named as such rather than as "Invalid input".
    z.record(z.string(), z.union([rate, bandSchema, z.string()])).superRefine((entries, ctx) => {
      if (Object.keys(entries).every((key) => key === 'mode')) ctx.addIssue({ code: 'custom', message: GIVE_A_RATE });
      for (const [key, value] of Object.entries(entries)) {
        if (key === 'mode' ? !catchModeSchema.safeParse(value).success : typeof value === 'string')
          ctx.addIssue({ code: 'custom', path: [key], message: key === 'mode' ? 'mode must be raw or located' : 'give a rate or a {high, low, break} band' });
      }
    }),
  ])
  .optional()
  .describe(
    'Clean catch rate per mutator: one number for every mutator, or a map of mutator names (and `default` for the rest) to a number (the break point) or a `{high, low, break}` band. ' +
      '`mode: located` in the map gates the located catches (the reply pointed at the mutation) instead of every FAIL; default `raw`.',
  );
type CatchRateSetting = z.infer<typeof catchRate>;

const BAND_FIELDS: readonly string[] = ['high', 'low', 'break'];

/** What a located catch-rate gate says it measured. */
const LOCATED_DETAIL = 'located catches (the reply pointed at the mutation)';

/**
 * The catch rates: each mutator's clean catch rate, gated by `catchRate` per mutator (a break point or a
 * `{high, low, break}` band, `default` for the rest) on the sealed condition, the critic's own ability; with
 * `mode: located`, on the located catches (the reply pointed at the mutation) instead of every FAIL. With
 * `gate: lower-bound` each gate compares the Wilson lower bound instead of the estimate. A gate whose figure rests
 * on no answered review is `no-data`, never a pass.
 */
export const catchRates = tablesMeasure({
  name: 'catchRates',
  thresholds: {
    rank: 10,
    shape: { catchRate },
    overrides: {
      catchRate: {
        example: 'default',
        // `--threshold number-flip.break=0.7`: the key may be left out before a mutator, `default` or `mode`.
        bare: (mutators) => ({ parts: [...mutators, 'default', 'mode'], described: `a mutator (${mutators.join(', ')}), default, mode` }),
        /** `catchRate.<mutator or default>[.high|.low|.break]=N`, `catchRate.mode=raw|located`; a single number so far becomes `default`. */
        set(current, fields, value, { mutators }) {
          const [part, field, ...rest] = fields;
          if (part === undefined || rest.length) throw new Error('too many parts in the key');
          const map: Record<string, unknown> = typeof current === 'number' ? { default: current } : { ...((current as object | undefined) ?? {}) };
          if (part === 'mode') {
            if (field !== undefined) throw new Error('mode takes a single value, raw or located');
            return { ...map, mode: value };
          }
          if (part !== 'default' && !mutators.includes(part)) throw new Error(`"${part}" is not a mutator of this audit; use ${[...mutators, 'default', 'mode'].join(', ')}`);
          if (field === undefined) return { ...map, [part]: value };
          if (!BAND_FIELDS.includes(field)) throw new Error(`"${field}" is not a band field; use high, low or break`);
          // Start from what applies to this mutator now, so `number-flip.break=0.5` keeps default's high and low.
          const now = (map[part] ?? map['default']) as number | Band | undefined;
          return { ...map, [part]: { ...(typeof now === 'number' ? { break: now } : (now ?? {})), [field]: value } };
        },
      },
    },
    /** A key of the map that is no mutator at all (built in or an authored type), `default` or `mode`: a mutator the run does not run is a no-data gate instead. */
    problems: ({ catchRate }) =>
      catchRate === undefined || typeof catchRate === 'number'
        ? []
        : Object.keys(catchRate)
            .filter((key) => key !== 'default' && key !== 'mode' && !ALL_MUTATORS.some((m) => m.name === key) && !(AUTHORED_MUTANT_TYPES as readonly string[]).includes(key))
            .map((key) => ({ path: ['catchRate', key], message: `unknown mutator "${key}"; use a mutator name, "default" or "mode" (a band goes per mutator: {default: {high, low, break}})` })),
    // The specimen's critic catches 4 of the 6 mutants clean (67%).
    examples: { catchRate: { pass: { default: 0.5 }, fail: { default: 0.9 } } },
  },
  gates: {
    rank: 10,
    evaluate(tables, thresholds, scope) {
      const located = catchRateMode(thresholds.catchRate) === 'located';
      const gates = catchRateGates(located ? locatedTables(tables) : tables, thresholds, { mutators: scope.gatedMutators, runMutators: scope.runMutators });
      return located ? gates.map((g) => (g.name.startsWith('catchRate.') && g.value !== null ? { ...g, detail: LOCATED_DETAIL } : g)) : gates;
    },
  },
  terminal: {
    rank: 10,
    /** Each mutator's catch rate and the false alarms under every condition, a column per condition. */
    render(tables, { conditions }) {
      // A column as wide as the longest condition name (second turns' names run past 20).
      const width = Math.max(20, ...conditions.map((c) => c.length + 1));
      const header = ['mutator'.padEnd(22), ...conditions.map((c) => c.padEnd(width))].join('');
      const row = (label: string, cells: Partial<Record<string, { n: number; rate: number; ci: [number, number] }>>) =>
        [
          label.padEnd(22),
          ...conditions.map((c) => {
            const cell = cells[c];
            return (!cell ? '–' : cell.n ? `${percent(cell.rate).padStart(4)} ${percentInterval(cell.ci)}` : NO_DATA).padEnd(width);
          }),
        ].join('');
      return [chalk.dim(header), ...Object.entries(tables.byMutator).map(([mutator, cells]) => row(mutator, cells)), row('false alarms', tables.falseAlarms)];
    },
  },
  markdown: [
    {
      // The false alarms apart (falseAlarms.ts) follow as rows of this table, at the same rank.
      rank: 30,
      render(tables, { conditions }) {
        const out = ['', '### Catch rate by mutator (Wilson 95%)', '', `| mutator | ${conditions.join(' | ')} |`, `|---|${conditions.map(() => '---').join('|')}|`];
        for (const [mutator, cells] of Object.entries(tables.byMutator)) out.push(`| ${mutator} | ${conditions.map((c) => rateCell(cells[c])).join(' | ')} |`);
        out.push(`| **all** | ${conditions.map((c) => rateCell(tables.pooled[c])).join(' | ')} |`);
        const apart = Object.keys(tables.falseAlarmsApart.controls).length ? ' and controls' : '';
        out.push(`| *false alarms on originals${apart}* | ${conditions.map((c) => rateCell(tables.falseAlarms[c])).join(' | ')} |`);
        return out;
      },
    },
    {
      rank: 40,
      /** With repeats: per mutator and condition, the share of items whose verdict differed between repeats. */
      render(tables, { conditions }) {
        const rows: Array<[string, Partial<Record<string, { flaky: number | null }>>]> = [...Object.entries(tables.byMutator), ['*originals*', tables.falseAlarms]];
        if (!rows.some(([, cells]) => Object.values(cells).some((cell) => cell?.flaky != null))) return [];
        const out = ['', '### Flaky items: share whose verdict differed between repeats', '', `| items | ${conditions.join(' | ')} |`, `|---|${conditions.map(() => '---:').join('|')}|`];
        for (const [name, cells] of rows) out.push(`| ${name} | ${conditions.map((c) => (cells[c]?.flaky != null ? percent(cells[c]!.flaky!) : '–')).join(' | ')} |`);
        return out;
      },
    },
  ],
  html: {
    rank: 10,
    render: (tables, { name, conditions }) =>
      `<figure>${renderPlot(tables, conditions, name)}<figcaption>Each mutator's catch rate under every condition, and the false-alarm rate on the originals, with Wilson 95% intervals. The same items are reviewed under each condition: sealed (<span style="color:${CONDITION_COLOURS.clean}">clean</span>) and with one contaminant added.</figcaption></figure>`,
  },
});

/**
 * One gate per gated mutator that catchRate sets a band for (its own entry,
 * else `default`), and the mutators it names that the run does not have. When
 * none of them was measured and none fails already, one `catchRate` no-data
 * gate fails the run: a default over mutators with no valid mutant (each a
 * warning), or over a critic with no mutator of its kinds, measured nothing.
 */
export function catchRateGates(tables: CriticTables, thresholds: ThresholdsOf<{ catchRate: typeof catchRate }>, context: GateContext): Gate[] {
  const conservative = thresholds.gate === 'lower-bound';
  const gates: Gate[] = [];
  for (const { name: mutator, noMutants } of withNamed(context.mutators, namedMutators(thresholds.catchRate), context.runMutators)) {
    const band = catchRateBand(thresholds.catchRate, mutator);
    if (band === undefined) continue;
    const name = `catchRate.${mutator}`;
    const threshold = band.break ?? band.low;
    const clean = tables.byMutator[mutator]?.clean;
    if (noMutants !== null) {
      // Only a threshold set for this mutator by name (and able to fail) makes its absence fail the run.
      const fails = namesMutator(thresholds.catchRate, mutator) && band.break !== null;
      const why = fails ? noMutants : `${noMutants}; not failing the run, as ${band.break === null ? 'its band has no break' : "its threshold is catchRate's default"}`;
      gates.push({ ...noDataGate(name, threshold, why, fails), band });
      continue;
    }
    if (!clean?.n) {
      gates.push({ ...noDataGate(name, threshold, unanswered(clean, `${mutator}'s mutants`), band.break !== null), band });
      continue;
    }
    const measured = conservative ? { value: clean.ci[0], estimate: clean.rate } : { value: clean.rate };
    const pass = band.break === null || measured.value >= band.break;
    const status = pass ? bandStatus(measured.value, band) : 'red';
    gates.push({ name, threshold, ...measured, pass, status, band });
  }
  const floor = lowestBreak(thresholds.catchRate);
  // A default (a single number, or `default`) applies to every critic; named mutators of kinds it does not review are gated on others.
  const isDefault = typeof thresholds.catchRate === 'number' || thresholds.catchRate?.['default'] !== undefined;
  if (floor === undefined || !(gates.length || isDefault)) return gates;
  const none = nothingMeasured('catchRate', floor, gates, gates.length ? 'no mutant was measured' : 'no mutator of the run mutates the kinds of artifact this critic reviewed');
  return none ? [...gates, none] : gates;
}

/** The band for one mutator's clean catch rate: its own entry, else `default`, else none. */
export function catchRateBand(setting: CatchRateSetting, mutator: string): ResolvedBand | undefined {
  if (setting === undefined) return undefined;
  const entry = typeof setting === 'number' ? setting : (setting[mutator] ?? setting['default']);
  return entry === undefined || typeof entry === 'string' ? undefined : resolveBand(entry);
}

/** Whether the catch-rate gates count every FAIL on a mutant (raw, the default) or only located catches. */
export function catchRateMode(setting: CatchRateSetting): CatchMode {
  return typeof setting === 'object' && setting['mode'] === 'located' ? 'located' : 'raw';
}

/** True when catchRate names this mutator itself, rather than reaching it through `default` or a single number. */
function namesMutator(setting: CatchRateSetting, mutator: string): boolean {
  return typeof setting === 'object' && Object.hasOwn(setting, mutator);
}

/** The lowest break among catchRate's entries; undefined when none can fail the run (bands without a break only). */
function lowestBreak(setting: CatchRateSetting): number | undefined {
  if (setting === undefined) return undefined;
  const entries = typeof setting === 'number' ? [setting] : Object.values(setting).filter((e) => typeof e !== 'string');
  const breaks = entries.flatMap((e) => resolveBand(e).break ?? []);
  return breaks.length ? Math.min(...breaks) : undefined;
}

/**
 * The mutation viewer's colour bands (percent) from the default catch-rate threshold: a number is the low bound
 * (high stays 80); a {high, low, break} band gives its low (as a gate resolves it) and its high.
 */
export function scoreThresholds(setting: CatchRateSetting): { high: number; low: number } {
  const entry = typeof setting === 'object' ? setting['default'] : setting;
  const pct = (x: number) => Math.round(100 * x);
  if (typeof entry === 'number') return { high: Math.max(80, pct(entry)), low: pct(entry) };
  if (typeof entry !== 'object') return { high: 80, low: 60 };
  const low = pct(resolveBand(entry).low);
  return { high: Math.max(entry.high === undefined ? 80 : pct(entry.high), low), low };
}
