import type { TextFixture } from '../../src/fixtures/types.js';

/** A small text fixture for unit tests: one evidence item, optional trace. */
export function textFixture(parts: { artifact: string; evidence: string; trace?: string; id?: string }): TextFixture {
  return {
    id: parts.id ?? 'unit',
    kind: 'text',
    task: 'Answer from the evidence.',
    artifact: parts.artifact,
    evidence: [{ id: 'ev', text: parts.evidence }],
    trace: parts.trace,
    cluster: parts.id ?? 'unit',
    source: { file: 'unit.yaml', line: 1 },
  };
}
