/** What a grammar reads from a reply: whether the critic flagged the artifact (null: no verdict), plus what it carries. */
export interface ParsedVerdict {
  readonly flagged: boolean | null;
}

/**
 * How a critic's reply is read. A grammar is pure and total: any string, an
 * empty or truncated reply included, gives a ParsedVerdict, never a throw; a
 * reply it cannot read is `flagged: null` ("no verdict"), never a catch or a pass.
 */
export interface VerdictGrammar<P extends ParsedVerdict = ParsedVerdict> {
  readonly name: string;
  parse(reply: string): P;
}
