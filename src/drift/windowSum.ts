/**
 * Sum of the last `size` pushed values, using additions only.
 *
 * The run-length recursions in cusum.ts sum windows of terms that shrink or
 * grow over dozens of orders of magnitude. A running sum that subtracts the
 * value leaving the window keeps the rounding error of the largest value it
 * ever held, which swamps the small terms; here every answer is a sum of
 * positive parts, so its relative error stays at machine precision.
 *
 * Values arrive in blocks of `size`: the window is a suffix of the last full
 * block (its suffix sums are computed once, when it fills) plus the current
 * partial block (a running prefix sum).
 */
export class WindowSum {
  private readonly current: Float64Array;
  private readonly previousSuffix: Float64Array;
  private filled = 0;
  private prefix = 0;

  constructor(private readonly size: number) {
    this.current = new Float64Array(size);
    this.previousSuffix = new Float64Array(size + 1);
  }

  push(value: number): void {
    this.current[this.filled++] = value;
    this.prefix += value;
    if (this.filled === this.size) {
      for (let i = this.size - 1; i >= 0; i--) this.previousSuffix[i] = this.previousSuffix[i + 1] + this.current[i];
      this.filled = 0;
      this.prefix = 0;
    }
  }

  sum(): number {
    return this.previousSuffix[this.filled] + this.prefix;
  }
}
