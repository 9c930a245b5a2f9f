import { describe, expect, it } from 'vitest';
import { driftConfigSchema } from './config.js';
import { lineParser, MISSING_GROUP } from './record.js';

const parse = lineParser(
  driftConfigSchema.parse({
    fields: { timestamp: 'ts', verdict: 'review.decision', group: ['critic.version', 'task'] },
    rejectValues: ['reject', 'needs_changes', false],
  }),
);

describe('lineParser', () => {
  it('reads nested fields, rejection values of any scalar type, and group values', () => {
    expect(parse('{"ts":"2025-03-01T10:00:00Z","review":{"decision":"needs_changes"},"critic":{"version":"v2"},"task":7}')).toEqual({
      review: { time: Date.UTC(2025, 2, 1, 10), rejected: true, groups: ['v2', '7'] },
    });
    expect(parse('{"ts":"2025-03-01T10:00:00+02:00","review":{"decision":false}}')).toEqual({
      review: { time: Date.UTC(2025, 2, 1, 8), rejected: true, groups: [MISSING_GROUP, MISSING_GROUP] },
    });
    expect(parse('{"ts":1740823200,"review":{"decision":"ok"}}')).toMatchObject({ review: { time: 1740823200_000, rejected: false } });
    expect(parse('{"ts":1740823200000,"review":{"decision":"ok"}}')).toMatchObject({ review: { time: 1740823200_000 } });
  });

  it('says which field is wrong and why', () => {
    expect(parse('{"ts":"2025-03-01T10:00:00Z"')).toMatchObject({ field: undefined, problem: expect.stringContaining('not valid JSON') });
    expect(parse('[1,2]')).toEqual({ field: undefined, problem: 'each line must be a JSON object' });
    expect(parse('{"review":{"decision":"ok"}}')).toEqual({ field: 'ts', problem: 'missing' });
    expect(parse('{"ts":"2025-03-01T10:00:00","review":{"decision":"ok"}}')).toEqual({ field: 'ts', problem: '"2025-03-01T10:00:00" has no time zone (add Z or an offset)' });
    expect(parse('{"ts":"yesterday Z","review":{"decision":"ok"}}')).toMatchObject({ field: 'ts', problem: expect.stringContaining('not an ISO 8601') });
    expect(parse('{"ts":"2025-03-01","review":{}}')).toEqual({ field: 'review.decision', problem: 'missing' });
    expect(parse('{"ts":"2025-03-01","review":{"decision":null}}')).toMatchObject({ field: 'review.decision', problem: expect.stringContaining('got null') });
  });

  it('with approveValues, treats any other verdict as a bad line instead of an approval', () => {
    const strict = lineParser(driftConfigSchema.parse({ rejectValues: ['FAIL'], approveValues: ['PASS'] }));
    expect(strict('{"timestamp":"2025-03-01","verdict":"PASS"}')).toMatchObject({ review: { rejected: false } });
    expect(strict('{"timestamp":"2025-03-01","verdict":"fail"}')).toEqual({ field: 'verdict', problem: '"fail" is neither in rejectValues nor in approveValues' });
  });
});
