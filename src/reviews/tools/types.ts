import type { z } from 'zod';
import type { ToolOffer } from '../../requests/tools.js';

/** A tool as a critic is offered it: its name, what it does, and its input as a JSON Schema (the shape every tool-calling API takes). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * One tool call of a review, as the run store keeps it, in the order made:
 * what was asked, a digest of what came back, how long it took, and whether
 * it was denied (a decoy, or a tool the review was not offered).
 */
export interface ToolCall {
  tool: string;
  arguments: unknown;
  /** The first 16 hex digits of the SHA-256 of the result the critic was given. */
  resultDigest: string;
  latencyMs: number;
  denied: boolean;
  /** The evidence passages the result showed the critic (a search's hits, the passage read), by id; absent when it showed none. */
  passages?: string[];
  /**
   * The attempt of the review that made the call, when that attempt failed (an error the review was retried
   * after, or ended on): of such an attempt only the denied calls are kept, as boundary requests. Absent for
   * the calls of the attempt that answered.
   */
  failedAttempt?: number;
}

/** What a call gave back to the critic. */
export interface ToolResult {
  content: string;
  /** Out of bounds: a decoy, or a tool this review was not offered. */
  denied: boolean;
  /** The call did not run: bad arguments, or the review's calls are spent. */
  error: boolean;
}

/** What a tool reads when it runs: the review's offer, the artifact under review, and the review's signal. */
export interface ToolContext {
  offer: ToolOffer;
  artifact: string;
  signal: AbortSignal;
}

/**
 * One tool a critic may be offered (define one with `tool()`, tool.ts). A
 * tool owns its input schema, when a review offers it, and what a call does; a
 * decoy is never run: its calls are denied and recorded as boundary requests.
 * `verifies` says what a call checks for the verification measure: the
 * evidence (the passages its result shows) or the artifact (it runs it).
 */
export interface ToolDefinition<Args> {
  readonly name: string;
  readonly description: string;
  readonly input: z.ZodType<Args>;
  readonly decoy?: true;
  readonly verifies?: 'evidence' | 'artifact';
  offered(offer: ToolOffer): boolean;
  run(args: Args, context: ToolContext): Promise<ToolOutput>;
}

/** What a call gives back: the text the critic reads, and the passages it showed. */
export interface ToolOutput {
  content: string;
  passages?: string[];
}

/** A tool as the registry holds it: its arguments read by its own schema. */
export interface Tool extends Omit<ToolDefinition<unknown>, 'input' | 'run'> {
  readonly spec: ToolSpec;
  /** Reads the arguments with the tool's schema and runs it; arguments it cannot read are an error the critic is told. */
  invoke(args: unknown, context: ToolContext): Promise<ToolOutput & { error?: true }>;
}

/**
 * A review's tools: the specs offered, and `call`, which runs one (or denies
 * it) and records it. Made afresh for every attempt of a review, so a retried
 * review keeps the calls of the attempt that answered (and the denied calls of
 * those that failed: runReviews keeps them, marked `failedAttempt`).
 */
export interface Toolbox {
  readonly specs: readonly ToolSpec[];
  /** Calls left before the review's `maxCalls`. */
  readonly remaining: number;
  readonly maxCalls: number;
  /** Every call made, in order. */
  readonly calls: readonly ToolCall[];
  call(name: string, args: unknown): Promise<ToolResult>;
}
