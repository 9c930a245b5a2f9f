import type { NumberedClaim } from '../../text/numberedClaims.js';

/** What a grammar reads from a reply: whether the critic flagged the artifact (null: no verdict), plus what it carries. */
export interface ParsedVerdict {
  readonly flagged: boolean | null;
  /**
   * Why a reply in the grammar's form breaks its rules (a `supported` claim
   * without a span, a citation that does not resolve): an invalid reply is
   * `flagged: null`, counted apart from a reply without a verdict, per reason.
   */
  readonly invalid?: string;
  /** The text the critic pointed at (citations, objections, issues); absent: the whole reply is read for quotes. */
  readonly citations?: readonly string[];
  /** Per-claim grammars: the ids of the claims the critic flagged (a catch is located when the mutated claim is among them). */
  readonly flaggedClaims?: readonly number[];
}

/** What a reply is read against: the request the critic answered, its artifact split into the claims the template listed. */
export interface GrammarContext {
  artifact: string;
  evidence: ReadonlyArray<{ text: string }>;
  claims: ReadonlyArray<Pick<NumberedClaim, 'id' | 'text'>>;
  /** Per-claim grammars: whether a `not-found` claim flags the artifact (default) or is neutral. */
  notFound?: 'flag' | 'neutral';
}

/**
 * How a critic's reply is read. A grammar is pure and total: any string, an
 * empty or truncated reply included, gives a ParsedVerdict, never a throw; a
 * reply it cannot read is `flagged: null` ("no verdict"), never a catch or a pass.
 * Grammars that check citations read the reply against the request (`context`);
 * without one they check only the reply's form.
 */
export interface VerdictGrammar<P extends ParsedVerdict = ParsedVerdict> {
  readonly name: string;
  parse(reply: string, context?: GrammarContext): P;
  /** True when parse checks the reply against the request: callers then pass the context. */
  readonly readsRequest?: boolean;
  /** A JSON schema of the reply, for providers that can constrain a model's output to one (openai `structuredOutput`). */
  readonly jsonSchema?: Record<string, unknown>;
}
