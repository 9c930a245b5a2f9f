/**
 * A tiny suite with acceptance plans and authored mutants (the format of
 * docs/plan-audits.md): one code fixture (median, three authored mutants,
 * one of them equivalent under the held-out checks; the plan's examples are
 * other inputs than the held-out checks) and one text fixture
 * (leave carry-over, two authored mutants), for the plan-audit specs.
 */
export const MEDIAN = `export function median(xs: number[]): number {
  if (xs.length === 0) throw new RangeError('median of an empty array');
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
`;

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

export const CODE_FIXTURES = `fixtures:
  - id: median
    kind: code
    language: typescript
    task: |
      /**
       * The median of a non-empty array of numbers; the input is left unchanged.
       * Throws a RangeError for an empty array.
       */
    artifact: |
${indent(MEDIAN, '      ')}
    checks:
      - {expr: "median([9, 1, 2])", equals: 2}
      - {expr: "median([2, 1])", equals: 1.5}
      - {expr: "median([4, 1, 3, 2])", equals: 2.5}
      - {expr: "median([])", throws: true}
      - {expr: "(() => { const a = [3, 1, 2]; median(a); return a; })()", equals: [3, 1, 2]}
    acceptance:
      - item: 1
        text: "Returns the middle value in ascending order for an odd count: \`median([9, 0, 3])\` returns \`3\`."
      - item: 2
        text: "For an even count returns the mean of the two middle values: \`median([6, 2])\` returns \`4\`."
      - item: 3
        text: "Does not modify the input array."
      - item: 4
        text: "Throws a RangeError for an empty array."
    round_summary: "The worker reports: handled even counts and empty input, tests are green."
    mutants:
      - id: upper-middle
        type: requirement-omission
        breaks: 2
        artifact: |
${indent(MEDIAN.replace('s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2', 's[m]!'), '          ')}
      - id: mean
        type: task-substitution
        breaks: 1
        artifact: |
${indent(MEDIAN.replace('  const s = [...xs].sort((a, b) => a - b);\n  const m = Math.floor(s.length / 2);\n  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;', '  return xs.reduce((sum, x) => sum + x, 0) / xs.length;'), '          ')}
      - id: slice-copy
        type: requirement-omission
        breaks: 3
        artifact: |
${indent(MEDIAN.replace('[...xs]', 'xs.slice()'), '          ')}
`;

const LEAVE = 'Employees may carry over at most 5 days of unused leave. Carry-over requests are approved by the People Team. Days above the cap are forfeited on 31 March.';

export const TEXT_FIXTURES = `fixtures:
  - id: carry-over
    kind: text
    task: How much leave can I carry over, who approves it, and what happens to the rest?
    artifact: ${LEAVE}
    evidence:
      - id: handbook
        text: ${LEAVE}
    acceptance:
      - item: 1
        text: 'States the carry-over cap: "at most 5 days".'
      - item: 2
        text: 'Says who approves carry-over: "the People Team".'
      - item: 3
        text: 'States when days above the cap are forfeited: "31 March".'
    round_summary: "The worker reports: all three plan items are covered, done."
    mutants:
      - id: no-deadline
        type: requirement-omission
        breaks: 3
        artifact: Employees may carry over at most 5 days of unused leave. Carry-over requests are approved by the People Team. Days above the cap are forfeited.
      - id: finance
        type: task-substitution
        breaks: 2
        contradicts: Carry-over requests are approved by the People Team.
        artifact: Employees may carry over at most 5 days of unused leave. Carry-over requests are approved by the Finance Team. Days above the cap are forfeited on 31 March.
`;
