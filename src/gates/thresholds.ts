import type { BandStatus, ResolvedBand } from './gate.js';
import type { Band, CatchMode, GateThresholds } from './schema.js';

/** A catch-rate threshold as configured: a plain number is the break point (the original meaning). */
export function resolveBand(entry: number | Band): ResolvedBand {
  if (typeof entry === 'number') return { high: entry, low: entry, break: entry };
  const low = entry.low ?? entry.break ?? entry.high!;
  return { high: entry.high ?? low, low, break: entry.break ?? null };
}

/** The band for one mutator's clean catch rate: its own entry, else `default`, else none. */
export function catchRateBand(catchRate: GateThresholds['catchRate'], mutator: string): ResolvedBand | undefined {
  if (catchRate === undefined) return undefined;
  const entry = typeof catchRate === 'number' ? catchRate : (catchRate[mutator] ?? catchRate['default']);
  return entry === undefined || typeof entry === 'string' ? undefined : resolveBand(entry);
}

/** Whether the catch-rate gates count every FAIL on a mutant (raw, the default) or only located catches. */
export function catchRateMode(catchRate: GateThresholds['catchRate']): CatchMode {
  return typeof catchRate === 'object' && catchRate['mode'] === 'located' ? 'located' : 'raw';
}

/** True when catchRate names this mutator itself, rather than reaching it through `default` or a single number. */
export function namesMutator(catchRate: GateThresholds['catchRate'], mutator: string): boolean {
  return typeof catchRate === 'object' && Object.hasOwn(catchRate, mutator);
}

/** At or above high: green; below low: red; between: amber. */
export function bandStatus(value: number, band: ResolvedBand): BandStatus {
  if (value >= band.high) return 'green';
  if (value < band.low) return 'red';
  return 'amber';
}
