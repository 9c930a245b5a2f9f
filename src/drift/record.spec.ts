import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { driftConfigSchema } from './config.js';
import { lineParser } from './formats/index.js';
import { MISSING_GROUP, parseTime } from './record.js';

const parse = lineParser(
  driftConfigSchema.parse({
    fields: { timestamp: 'ts', verdict: 'review.decision', group: ['critic.version', 'task'] },
    rejectValues: ['reject', 'needs_changes', false],
  }),
);

describe('lineParser', () => {
  it('reads nested fields, rejection values of any scalar type, and group values', () => {
    expect(parse('{"ts":"2025-03-01T10:00:00Z","review":{"decision":"needs_changes"},"critic":{"version":"v2"},"task":7}')).toEqual({
      review: { time: Date.UTC(2025, 2, 1, 10), rejected: true, groups: ['v2', '7'], verdict: 'needs_changes' },
    });
    expect(parse('{"ts":"2025-03-01T10:00:00+02:00","review":{"decision":false}}')).toEqual({
      review: { time: Date.UTC(2025, 2, 1, 8), rejected: true, groups: [MISSING_GROUP, MISSING_GROUP], verdict: false },
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

  it('accepts only ISO 8601 date-times with a zone (or a bare date, or epoch numbers), and checks the calendar', () => {
    const time = (ts: unknown) => {
      const parsed = parse(JSON.stringify({ ts, review: { decision: 'ok' } }));
      return 'review' in parsed ? parsed.review.time : parsed.problem;
    };
    expect(time('2025-03-01T10:00:00.123456Z')).toBe(Date.UTC(2025, 2, 1, 10, 0, 0, 123));
    expect(time('2025-03-01 10:00Z')).toBe(Date.UTC(2025, 2, 1, 10));
    expect(time('2025-03-01T10:00:00+0530')).toBe(Date.UTC(2025, 2, 1, 4, 30));
    expect(time('2025-03-01T10:00:00-02:00')).toBe(Date.UTC(2025, 2, 1, 12));
    expect(time('2024-02-29T23:59:59Z')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59));
    expect(time('2025-03-01')).toBe(Date.UTC(2025, 2, 1));
    // What V8's Date.parse lets through: a day rolled into the next month, free-form dates.
    expect(time('2025-02-30Z')).toBe('"2025-02-30Z" has day 30, but 2025-02 has 28 days');
    expect(time('2025-02-29T10:00:00Z')).toBe('"2025-02-29T10:00:00Z" has day 29, but 2025-02 has 28 days');
    expect(time('2025-04-31T10:00:00Z')).toContain('2025-04 has 30 days');
    expect(time('Jan 5 2025 Z')).toContain('is not an ISO 8601 date-time');
    expect(time('2025-01-05T10:00:00 GMT')).toContain('is not an ISO 8601 date-time');
    expect(time('2025-1-5T10:00:00Z')).toContain('is not an ISO 8601 date-time');
    expect(time('2025-13-01T10:00:00Z')).toBe('"2025-13-01T10:00:00Z" has month 13');
    expect(time('2025-03-01T24:00:00Z')).toContain('no such time of day');
    expect(time('2025-03-01T10:60:00Z')).toContain('no such time of day');
    expect(time('2025-03-01T10:00:00+25:00')).toContain('no such zone offset');
    expect(time('1969-12-31T23:59:59Z')).toContain('before 1970');
    expect(time('0075-06-01T00:00:00Z')).toContain('before 1970'); // Date.UTC would make it 1975
    expect(time('1969-12-31T23:30:00-01:00')).toBe(Date.UTC(1970, 0, 1, 0, 30));
    expect(time('1740823200')).toContain('is not an ISO 8601 date-time'); // epoch times are numbers, not strings
    expect(time(-5)).toContain('non-negative');
  });

  it('reads every valid ISO 8601 date-time as Date.parse does', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        fc.constantFrom('T', ' '),
        fc.constantFrom('', '.5', '.123', '.123456789', ',25'),
        (date, offsetMinutes, separator, fraction) => {
          const local = new Date(date.getTime() + offsetMinutes * 60_000);
          const zone = offsetMinutes === 0 ? 'Z' : `${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`;
          const text = `${local.toISOString().slice(0, 10)}${separator}${local.toISOString().slice(11, 19)}${fraction}${zone}`;
          expect(parseTime(text)).toBe(Date.parse(text.replace(' ', 'T').replace(',', '.')));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('with approveValues, treats any other verdict as a bad line instead of an approval', () => {
    const strict = lineParser(driftConfigSchema.parse({ rejectValues: ['FAIL'], approveValues: ['PASS'] }));
    expect(strict('{"timestamp":"2025-03-01","verdict":"PASS"}')).toMatchObject({ review: { rejected: false } });
    expect(strict('{"timestamp":"2025-03-01","verdict":"fail"}')).toEqual({ field: 'verdict', problem: '"fail" is neither in rejectValues nor in approveValues', verdict: 'fail' });
  });
});
