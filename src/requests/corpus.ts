import MiniSearch from 'minisearch';
import { dirname } from 'node:path';
import type { EvidenceItem } from '../fixtures/types.js';
import { splitSentences } from '../text/claims.js';
import { sha256Hex, stableId } from '../util/hash.js';
import { RecentResults } from '../util/recentResults.js';

/** One document a critic can search and read: an evidence item of a fixture of the suite, under an id that names neither. */
export interface Passage {
  /** Opaque: which fixture a passage belongs to is not the critic's to read off its id. */
  id: string;
  fixtureId: string;
  evidenceId: string;
  title?: string | undefined;
  text: string;
}

/** A search result as a critic sees it: the passage's id and title, and its sentence that matched the query best. */
export interface SearchHit {
  id: string;
  title?: string | undefined;
  snippet: string;
}

/** Most hits one search returns. */
export const SEARCH_HITS = 5;
/** Longest snippet of a hit, in characters. */
const SNIPPET_CHARS = 300;

/** A passage's id: a hash of its fixture and evidence ids, the same in every run of the suite. */
export const passageId = (fixtureId: string, evidenceId: string): string => `p-${stableId(fixtureId, evidenceId).slice(0, 12)}`;

/**
 * The evidence a tool-using critic searches instead of reading it in the
 * request (`tools: {evidence: search}`): every evidence item of every fixture
 * of one suite (the fixture files of one folder), so a critic can retrieve
 * another fixture's document as well as its own. Indexed with MiniSearch when
 * first searched; results are deterministic: the index is built in the suite's
 * order, and equal scores keep it.
 */
export class EvidenceCorpus {
  /** SHA-256 of the passages (ids, titles and texts, in order): the manifest's record of what could be read. */
  readonly digest: string;
  private readonly byId: ReadonlyMap<string, Passage>;
  private readonly order: ReadonlyMap<string, number>;
  private index: MiniSearch<Passage> | undefined;
  /** The last few thousand searches' hits: a critic searches with the same claim under every condition. */
  private readonly recent = new RecentResults<SearchHit[]>(2_000);

  constructor(
    /** The folder the suite's fixture files are in. */
    readonly suite: string,
    readonly passages: readonly Passage[],
  ) {
    this.byId = new Map(passages.map((p) => [p.id, p]));
    this.order = new Map(passages.map((p, i) => [p.id, i]));
    this.digest = sha256Hex(JSON.stringify(passages.map((p) => [p.id, p.title ?? null, p.text])));
  }

  /** The passages that match the query best, best first (at most SEARCH_HITS), each with the sentence that matched most of its terms. */
  search(query: string): SearchHit[] {
    return this.recent.get(query, () => this.searched(query));
  }

  private searched(query: string): SearchHit[] {
    this.index ??= this.build();
    // Prefixes, not fuzzy matching: a fuzzy search of a claim-long query cost four times as much, for misspellings the evidence does not have.
    const results = this.index.search(query, { prefix: (term) => term.length > 3, combineWith: 'OR' });
    return results
      .map((r) => ({ r, at: this.order.get(String(r.id))! }))
      .sort((a, b) => b.r.score - a.r.score || a.at - b.at)
      .slice(0, SEARCH_HITS)
      .map(({ r }) => {
        const passage = this.byId.get(String(r.id))!;
        return { id: passage.id, ...(passage.title ? { title: passage.title } : {}), snippet: snippetOf(passage.text, r.terms) };
      });
  }

  passage(id: string): Passage | undefined {
    return this.byId.get(id);
  }

  private build(): MiniSearch<Passage> {
    const index = new MiniSearch<Passage>({ fields: ['title', 'text'], storeFields: [] });
    index.addAll(this.passages);
    return index;
  }
}

/** The passage's sentence holding most of the matched terms (the first of equals), cut to SNIPPET_CHARS. */
function snippetOf(text: string, terms: readonly string[]): string {
  let best = '';
  let most = -1;
  for (const { text: sentence } of splitSentences(text)) {
    const lower = sentence.toLowerCase();
    const count = terms.filter((t) => lower.includes(t)).length;
    if (count > most) {
      best = sentence;
      most = count;
    }
  }
  const flat = best.replace(/\s+/g, ' ');
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 1)}…` : flat;
}

/** What a corpus is built from: a fixture's id, where it was declared, and its evidence (code fixtures have none). */
interface CorpusSource {
  id: string;
  source: { file: string };
  evidence?: readonly EvidenceItem[];
}

/** Each fixture's corpus: its suite's, one shared by the fixtures of one folder, in the fixtures' order. */
export function evidenceCorpora(fixtures: readonly CorpusSource[]): Map<string, EvidenceCorpus> {
  const suites = new Map<string, CorpusSource[]>();
  for (const f of fixtures) {
    const suite = dirname(f.source.file);
    const members = suites.get(suite) ?? [];
    members.push(f);
    suites.set(suite, members);
  }
  const corpora = new Map<string, EvidenceCorpus>();
  for (const [suite, members] of suites) {
    const passages = members.flatMap((f) => (f.evidence ?? []).map((e) => ({ id: passageId(f.id, e.id), fixtureId: f.id, evidenceId: e.id, ...(e.title ? { title: e.title } : {}), text: e.text })));
    const corpus = new EvidenceCorpus(suite, passages);
    for (const f of members) corpora.set(f.id, corpus);
  }
  return corpora;
}
