import { passFail } from '../verdicts/pass-fail.js';
import type { ReviewCall } from '../critic.js';

/** A second turn as a built-in reads it: its own first verdict, and the follow-up it was sent. */
export interface SecondTurnView {
  first: 'PASS' | 'FAIL' | null;
  followUp: string;
}

/** The first verdict and the follow-up of a second-turn call; undefined on a first turn. */
export function secondTurnOf(call: Pick<ReviewCall, 'turn' | 'messages'>): SecondTurnView | undefined {
  if (call.turn !== 2) return undefined;
  const reply = [...call.messages].reverse().find((m) => m.role === 'assistant')?.content ?? '';
  const flagged = passFail.parse(reply).flagged;
  return { first: flagged === null ? null : flagged ? 'FAIL' : 'PASS', followUp: call.messages.at(-1)?.content ?? '' };
}

/** The double-quoted passages of a message: what a rebuttal quotes. */
export function quotedPassages(text: string): string[] {
  return [...text.matchAll(/"([^"]{8,})"/g)].map((m) => m[1]!.trim());
}
