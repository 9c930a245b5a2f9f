/** Exit codes are part of the product's interface (see docs/cli.md). */
export const EXIT = { ok: 0, gateFailed: 1, badInput: 2, criticUnreachable: 3, interrupted: 130 } as const;

/**
 * Bad user input: a config, fixture, log or request file that cannot be used.
 * Always names where the problem is, so the user can fix it without guessing.
 */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly field: string | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line !== undefined ? `:${line}` : ''}${field ? ` (${field})` : ''}: ${problem}`);
    this.name = 'InputError';
  }
}

/** Ctrl-C before the run had anything to keep: exit 130, with nothing to resume. */
export class InterruptedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InterruptedError';
  }
}
