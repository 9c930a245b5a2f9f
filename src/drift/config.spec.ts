import { describe, expect, it } from 'vitest';
import { YamlSource } from '../util/yamlSource.js';
import { driftConfigSchema } from './config.js';

const validate = (yaml: string) => {
  const source = YamlSource.parse('critic.config.yaml', yaml);
  return source.validate(driftConfigSchema, (source.data as { drift?: unknown }).drift ?? {}, ['drift']);
};

describe('driftConfigSchema', () => {
  it('fills every default from an empty section', () => {
    expect(driftConfigSchema.parse({})).toEqual({
      fields: { timestamp: 'timestamp', verdict: 'verdict', group: [] },
      rejectValues: ['reject'],
      reference: { days: 14, minReviews: 200 },
      period: 'day',
      falseAlarmRate: 0.05,
      horizonDays: 365,
      maxBadLineShare: 0.01,
      maxGroupValues: 50,
      cusum: { share: 1 / 3, increase: 2, decrease: 0.5 },
      sequential: { share: 1 / 3, priorStrength: 20 },
      asleep: { share: 1 / 3 },
    });
  });

  it('keeps given values and fills the rest', () => {
    const config = validate('fixtures: [x]\ndrift:\n  fields:\n    timestamp: ts\n  reference:\n    days: 7\n');
    expect(config.fields).toEqual({ timestamp: 'ts', verdict: 'verdict', group: [] });
    expect(config.reference).toEqual({ days: 7, minReviews: 200 });
  });

  it('rejects unknown keys and bad values with their line', () => {
    expect(() => validate('drift:\n  fields:\n    timestamp: ts\n    verdikt: x\n')).toThrow('critic.config.yaml:4 (drift.fields.verdikt): unknown key "verdikt"');
    expect(() => validate('drift:\n  period: month\n')).toThrow(/critic\.config\.yaml:2 \(drift\.period\)/);
    expect(() => validate('drift:\n  falseAlarmRate: 0\n')).toThrow(/:2 \(drift\.falseAlarmRate\)/);
    expect(() => validate('drift:\n  reference:\n    start: 2025-13-01\n')).toThrow(/:3 \(drift\.reference\.start\)/);
  });

  it('refuses detector shares adding up to more than the budget', () => {
    expect(() => validate('drift:\n  cusum:\n    share: 0.5\n  sequential:\n    share: 0.5\n')).toThrow(/:3 \(drift\.cusum\.share\): .*must not exceed 1/);
  });
});
