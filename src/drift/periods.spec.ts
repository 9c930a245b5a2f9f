import { describe, expect, it } from 'vitest';
import { GroupCounts, OTHER_GROUP } from './groups.js';
import { PeriodCounts, periodStart } from './periods.js';

describe('periods', () => {
  it('start at UTC hours, days and ISO weeks (Monday)', () => {
    const t = Date.parse('2025-11-29T22:17:05Z'); // a Saturday
    expect(new Date(periodStart(t, 'hour')).toISOString()).toBe('2025-11-29T22:00:00.000Z');
    expect(new Date(periodStart(t, 'day')).toISOString()).toBe('2025-11-29T00:00:00.000Z');
    expect(new Date(periodStart(t, 'week')).toISOString()).toBe('2025-11-24T00:00:00.000Z');
    expect(new Date(periodStart(Date.parse('2025-11-24T00:00:00Z'), 'week')).toISOString()).toBe('2025-11-24T00:00:00.000Z');
  });

  it('count late lines into their own period, with Wilson intervals', () => {
    const counts = new PeriodCounts('day');
    counts.add(Date.parse('2025-01-02T10:00:00Z'), true);
    counts.add(Date.parse('2025-01-01T23:00:00Z'), false);
    counts.add(Date.parse('2025-01-02T11:00:00Z'), false);
    const rows = counts.rows();
    expect(rows.map((r) => [new Date(r.start).toISOString().slice(0, 10), r.reviews, r.rejections])).toEqual([
      ['2025-01-01', 1, 0],
      ['2025-01-02', 2, 1],
    ]);
    expect(rows[1]!.interval[0]).toBeLessThan(0.5);
    expect(new PeriodCounts('day', counts.toRows()).toRows()).toEqual(counts.toRows());
  });

  it('pool group values beyond maxGroupValues into one row, so memory stays bounded', () => {
    const groups = new GroupCounts(['task'], 'day', 3);
    for (let i = 0; i < 1000; i++) groups.add(Date.UTC(2025, 0, 1) + i, i % 10 === 0, [`task-${i % 100}`]);
    const [{ values }] = groups.rows() as [{ values: Array<{ value: string; reviews: number }> }];
    expect(values.map((v) => v.value).sort()).toEqual([OTHER_GROUP, 'task-0', 'task-1']);
    expect(values.reduce((s, v) => s + v.reviews, 0)).toBe(1000);
  });
});
