import type { EvidenceItem } from '../../fixtures/types.js';
import type { SearchHit } from '../../requests/corpus.js';
import type { CriticRequest } from '../../requests/types.js';
import { splitSentences } from '../../text/claims.js';
import { statesNoClaim } from '../../text/discourse.js';
import type { ReviewCall } from '../critic.js';
import { readEvidence, searchEvidence } from '../tools/evidence.js';
import type { Toolbox } from '../tools/index.js';

/**
 * The request as a built-in checker reads it: as sent, or, when it has tools
 * and the request no evidence (`tools: {evidence: search}`), with the evidence
 * it fetched (fetchEvidence) in its place.
 */
export async function checkedRequest({ request, tools }: Pick<ReviewCall, 'request' | 'tools'>): Promise<CriticRequest> {
  return request.evidence || !tools ? request : { ...request, evidence: await fetchEvidence(request.artifact, tools) };
}

/**
 * Fetching its own evidence (seed 004's remedy): per claim of the artifact
 * (a sentence that states one), a search with its words, and the best hit
 * read whole unless already read, while the review's calls last. The passages
 * read are the evidence it checks against, another fixture's among them when
 * the search ranked it first. Without the evidence tools (blind), nothing.
 */
export async function fetchEvidence(artifact: string, tools: Toolbox): Promise<EvidenceItem[]> {
  if (!tools.specs.some((spec) => spec.name === searchEvidence.name)) return [];
  const read = new Map<string, EvidenceItem>();
  for (const { text: claim } of splitSentences(artifact)) {
    if (tools.remaining === 0) break;
    if (statesNoClaim(claim)) continue;
    const found = JSON.parse((await tools.call(searchEvidence.name, { query: claim })).content) as { results?: SearchHit[] };
    const best = found.results?.[0];
    if (!best || read.has(best.id) || tools.remaining === 0) continue;
    const passage = JSON.parse((await tools.call(readEvidence.name, { id: best.id })).content) as { title?: string; text?: string };
    if (passage.text !== undefined) read.set(best.id, { id: best.id, ...(passage.title ? { title: passage.title } : {}), text: passage.text });
  }
  return [...read.values()];
}
