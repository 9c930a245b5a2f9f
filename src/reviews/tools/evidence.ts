import { z } from 'zod';
import { tool } from './tool.js';

/** search_evidence(query): the suite's passages that match best, with the sentence of each that matched. */
export const searchEvidence = tool<{ query: string }>({
  name: 'search_evidence',
  description:
    'Full-text search over the evidence documents the artifact must be checked against (they are not in the request). Returns up to 5 passages, best first: their id, title and the sentence that matched best. Read a whole passage with read_evidence.',
  input: z.strictObject({ query: z.string().min(1).max(1_000).describe('Words to search for: a claim, a figure, a name.') }),
  verifies: 'evidence',
  offered: (offer) => offer.corpus !== null,
  async run({ query }, { offer }) {
    const results = offer.corpus!.search(query);
    return { content: JSON.stringify({ results }), ...(results.length ? { passages: results.map((r) => r.id) } : {}) };
  },
});

/** read_evidence(id): one passage, whole. */
export const readEvidence = tool<{ id: string }>({
  name: 'read_evidence',
  description: 'Reads one evidence passage in full, by the id a search returned.',
  input: z.strictObject({ id: z.string().min(1).max(200).describe('The passage id, as search_evidence gave it.') }),
  verifies: 'evidence',
  offered: (offer) => offer.corpus !== null,
  async run({ id }, { offer }) {
    const passage = offer.corpus!.passage(id);
    if (!passage) return { content: JSON.stringify({ error: `no passage has the id ${JSON.stringify(id)}; use an id search_evidence returned` }) };
    return { content: JSON.stringify({ id: passage.id, ...(passage.title ? { title: passage.title } : {}), text: passage.text }), passages: [passage.id] };
  },
});
