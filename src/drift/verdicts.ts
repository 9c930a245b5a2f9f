/** A verdict value as it appears in the log. */
export type VerdictValue = string | number | boolean;

/** Counts of verdict values, keyed by their JSON text ("reject", 0, true stay distinct); plain JSON for the state. */
export interface VerdictCounts {
  values: Record<string, number>;
  /** Lines whose value did not fit in MAX_VALUES distinct ones. */
  other: number;
}

/** Distinct values kept: enough to show what the field holds, bounded whatever the log contains. */
const MAX_VALUES = 20;

export function newVerdictCounts(): VerdictCounts {
  return { values: {}, other: 0 };
}

/**
 * Which values the verdict field actually holds, so a wrong `rejectValues`
 * can be told apart from a critic that never says no.
 */
export class VerdictTally {
  private readonly counts = new Map<VerdictValue, number>();
  private other: number;

  constructor(state: VerdictCounts = newVerdictCounts()) {
    for (const [key, n] of Object.entries(state.values)) this.counts.set(JSON.parse(key) as VerdictValue, n);
    this.other = state.other;
  }

  add(value: VerdictValue): void {
    const n = this.counts.get(value);
    if (n !== undefined) this.counts.set(value, n + 1);
    else if (this.counts.size < MAX_VALUES) this.counts.set(value, 1);
    else this.other += 1;
  }

  has(value: VerdictValue): boolean {
    return this.counts.has(value);
  }

  get total(): number {
    let sum = this.other;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  toCounts(): VerdictCounts {
    return { values: Object.fromEntries([...this.counts].map(([v, n]) => [JSON.stringify(v), n])), other: this.other };
  }

  /** The most frequent values with their counts: `"approve" ×1400, "reject" ×160`. */
  describe(limit = 5): string {
    const sorted = [...this.counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
    const shown = sorted.slice(0, limit).map(([v, n]) => `${JSON.stringify(v)} ×${n}`);
    const rest = sorted.slice(limit).reduce((s, [, n]) => s + n, 0) + this.other;
    if (rest) shown.push(`other values ×${rest}`);
    return shown.length ? shown.join(', ') : 'none';
  }
}
