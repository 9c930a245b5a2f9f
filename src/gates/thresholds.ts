import type { BandStatus, ResolvedBand } from './gate.js';
import type { Band } from './schema.js';

/** A banded threshold as configured: a plain number is the break point (the original meaning). */
export function resolveBand(entry: number | Band): ResolvedBand {
  if (typeof entry === 'number') return { high: entry, low: entry, break: entry };
  const low = entry.low ?? entry.break ?? entry.high!;
  return { high: entry.high ?? low, low, break: entry.break ?? null };
}

/** At or above high: green; below low: red; between: amber. */
export function bandStatus(value: number, band: ResolvedBand): BandStatus {
  if (value >= band.high) return 'green';
  if (value < band.low) return 'red';
  return 'amber';
}
