import type { NumberedClaim } from '../../text/numberedClaims.js';

export type ClaimVerdictWord = 'supported' | 'contradicted' | 'not-found';

/** One claim's verdict as the critic gave it, with whether its span occurs in the evidence (null: no span, or read without the request). */
export interface ClaimVerdict {
  id: number;
  verdict: ClaimVerdictWord;
  span: string | null;
  spanFound: boolean | null;
}

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
  /** Per-claim grammars: every claim verdict the reply gave, valid or not (the report's citation and not-found figures read them). */
  readonly claimVerdicts?: readonly ClaimVerdict[];
  /** Plan-audit grammars: the acceptance plan items the reply names, each once (a catch of an authored mutant is located when the item it breaks is among them). */
  readonly namedItems?: readonly number[];
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
  /**
   * Whether its critics judge reviews (seed 001) rather than artifacts: in an
   * audit with review fixtures they are sent those, and only those; a review
   * audit and the false-consensus gate need one such critic.
   */
  readonly readsReviews: boolean;
  /** Whether it judges the artifact claim by claim: requests then number its claims, and `notFound` applies. */
  readonly perClaim: boolean;
  /**
   * What its replies are measured for beyond catch rates: a critic of
   * reviews' review audit (agreement with flawed reviews), or the acceptance
   * plan audit (seed 003: issues that name the plan item a mutant breaks).
   */
  readonly audits?: 'reviews' | 'plans';
  /** A JSON schema of the reply, for providers that can constrain a model's output to one (openai `structuredOutput`). */
  readonly jsonSchema?: Record<string, unknown>;
}
