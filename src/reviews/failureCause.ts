/**
 * What a failed review's error says, with the parts that differ from review
 * to review (ids, hashes, addresses' ephemeral ports are kept: they name the
 * endpoint) taken out, so that a thousand reviews failing one way read as one
 * cause. Used to stop a run whose first reviews all fail the same way, and to
 * group the errors in every report.
 */
export function failureCause(message: string): string {
  return message
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b[0-9a-f]{12,}\b/gi, '…')
    .slice(0, 300);
}

/** One way reviews failed: how many, the first message in full, and one review it happened to. */
export interface ErrorCause {
  cause: string;
  count: number;
  message: string;
  example: { itemId: string; condition: string; repeat: number };
}

/** Groups failed reviews by cause, most frequent first (ties in the order first seen). */
export class ErrorCauses {
  private readonly byCause = new Map<string, ErrorCause>();

  add(message: string, example: ErrorCause['example']): void {
    const cause = failureCause(message);
    const known = this.byCause.get(cause);
    if (known) known.count++;
    else this.byCause.set(cause, { cause, count: 1, message: message.slice(0, 2000), example });
  }

  list(): ErrorCause[] {
    return [...this.byCause.values()].sort((a, b) => b.count - a.count);
  }
}
