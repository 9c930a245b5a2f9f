import type { TextFixture } from '../../src/fixtures/types.js';

/** A small text fixture for unit tests: one evidence item, optional trace. */
export function textFixture(parts: { artifact: string; evidence: string; task?: string; trace?: string; id?: string; fields?: Record<string, string> }): TextFixture {
  return {
    id: parts.id ?? 'unit',
    kind: 'text',
    task: parts.task ?? 'Answer from the evidence.',
    artifact: parts.artifact,
    evidence: [{ id: 'ev', text: parts.evidence }],
    trace: parts.trace,
    variants: [],
    ...(parts.fields ? { fields: parts.fields } : {}),
    cluster: parts.id ?? 'unit',
    source: { file: 'unit.yaml', line: 1 },
  };
}

/** A one-fixture text suite in YAML whose artifact its evidence states word for word. */
export const LEAVE_FIXTURE_YAML = `fixtures:
  - id: leave
    kind: text
    task: How much leave?
    artifact: Employees accrue 28 days of leave each year.
    evidence:
      - id: handbook
        text: Employees accrue 28 days of leave each year.
`;

/**
 * A one-fixture text suite in YAML with numbers to flip, no name, place or
 * organisation for entity-swap to replace, and a worker's trace.
 */
export const MEAL_ALLOWANCE_YAML = `fixtures:
  - id: meal-allowance
    kind: text
    task: How much may staff claim for meals and a hotel on a work trip?
    artifact: >
      Staff may claim up to 40 pounds per day for meals on a work trip, and up
      to 120 pounds per night for a hotel, for at most 14 nights in a row.
    evidence:
      - id: expenses
        text: >
          Staff may claim up to 40 pounds per day for meals on a work trip, and up
          to 120 pounds per night for a hotel, for at most 14 nights in a row.
    trace: Checked both limits and the night cap against the expenses policy.
`;
