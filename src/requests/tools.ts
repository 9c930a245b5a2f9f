import { fixtureKind, type FixtureKindName } from '../fixtures/kinds/index.js';
import type { Condition } from './conditions/index.js';
import type { EvidenceCorpus } from './corpus.js';

/** A critic entry's `tools:` (src/reviews/providers/entrySchema.ts holds its schema): what a tool-using critic is offered in every review. */
export interface ToolsSetting {
  /** `inline`: the request carries the evidence (no evidence tool); `search`: it does not, and the critic searches and reads it. */
  evidence: 'inline' | 'search';
  /** `run`: a code item's critic may run expressions against the artifact under review. */
  code: 'none' | 'run';
  /** Also offer out-of-bounds tools, always denied and recorded. */
  decoys: boolean;
  /** Tool calls per review; the critic is then asked for its verdict. */
  maxCalls: number;
}

/**
 * What one review's critic is offered: the data its toolbox is made from
 * (src/reviews/tools), carried by the review job as its request is.
 */
export interface ToolOffer {
  /** The corpus the evidence tools search and read (the suite's); null when they are not offered (inline evidence, a condition that withholds it, a suite without evidence). */
  corpus: EvidenceCorpus | null;
  /** Whether `run_code` runs expressions against the artifact under review (a code item, `code: run`). */
  code: boolean;
  decoys: boolean;
  maxCalls: number;
}

/** What the jobs of a tool-using critic are made with: its setting and each fixture's corpus (evidenceCorpora). */
export interface JobTools {
  setting: ToolsSetting;
  corpora: ReadonlyMap<string, EvidenceCorpus>;
}

/**
 * The tools one review offers. Under a condition that withholds the evidence
 * (blind) the evidence tools are not offered: searching would hand back what
 * the condition keeps out. `run_code` and the decoys are offered whatever the
 * condition.
 */
export function toolOffer(tools: JobTools, item: { fixtureId: string; kind: FixtureKindName }, condition: Condition): ToolOffer {
  const corpus = tools.setting.evidence === 'search' && condition.withholds !== 'evidence' ? (tools.corpora.get(item.fixtureId) ?? null) : null;
  return {
    corpus: corpus?.passages.length ? corpus : null,
    code: tools.setting.code === 'run' && fixtureKind(item.kind).labelledBy === 'sandbox',
    decoys: tools.setting.decoys,
    maxCalls: tools.setting.maxCalls,
  };
}

/** What of an offer changes a critic's replies, for the review's digest (and so its cache key): the corpus by its digest. */
export function offerText(offer: ToolOffer): string {
  return JSON.stringify({ corpus: offer.corpus?.digest ?? null, code: offer.code, decoys: offer.decoys, maxCalls: offer.maxCalls });
}
