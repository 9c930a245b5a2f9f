/**
 * Why a run stopped before every review was made: a critic that cannot be
 * reached or read (unreachable), whose quota is gone (quota), or whose config
 * its API refused (input); more failed reviews than the error budget allows
 * (error-budget); the `--max-cost` budget spent (budget); an interrupt
 * (interrupted); batches still running (pending). The CLI's exit code and the
 * reports' headline are read from it, never from the reason's words.
 * Stores written before quota and error-budget had kinds of their own
 * recorded both as unreachable.
 */
export type StopKind = 'unreachable' | 'quota' | 'input' | 'error-budget' | 'budget' | 'interrupted' | 'pending';

/** A run's early stop: its kind, the critic it came from (when one critic's replies stopped it), and what happened, in words. */
export interface RunStop {
  kind: StopKind;
  critic: string | null;
  reason: string;
}
