/**
 * Adaptive concurrency (additive increase, multiplicative decrease): a rate
 * limit halves the number of reviews in flight; every `current` successes
 * without one add a slot back, up to the configured maximum.
 */
export class AdaptiveLimit {
  current: number;
  private active = 0;
  private successes = 0;
  private closed = false;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly max: number) {
    this.current = Math.max(1, max);
  }

  /** Resolves when a slot is free (at once once the run is stopping). */
  acquire(): Promise<void> {
    if (this.active < this.current || this.closed) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    this.active--;
    this.wake();
  }

  rateLimited(): void {
    this.current = Math.max(1, Math.floor(this.current / 2));
    this.successes = 0;
  }

  /** Counts a success; true when it won a slot back. */
  succeeded(): boolean {
    if (this.current >= this.max || ++this.successes < this.current) return false;
    this.current++;
    this.successes = 0;
    this.wake();
    return true;
  }

  /** Lets every waiter through, now and from now on, for a run that is stopping: they will see the stop and return. */
  releaseAll(): void {
    this.closed = true;
    for (const wake of this.waiters.splice(0)) {
      this.active++;
      wake();
    }
  }

  private wake(): void {
    while (this.waiters.length > 0 && this.active < this.current) {
      this.active++;
      this.waiters.shift()!();
    }
  }
}
