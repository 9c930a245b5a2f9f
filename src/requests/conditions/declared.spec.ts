import { describe, expect, it } from 'vitest';
import { declaredCondition } from './declared.js';

describe('a declared contaminant: text, field, or the field with the text as its fallback', () => {
  const withField = { trace: undefined, fields: { round_summary: 'Added ACoS accounting, tests are green.' } };
  const without = { trace: undefined };
  it.each([
    ['text', { text: 'All checks pass.' }, 'All checks pass.', 'All checks pass.', false],
    ['field', { field: 'round_summary' }, 'Added ACoS accounting, tests are green.', undefined, true],
    ['field and text', { field: 'round_summary', text: 'All checks pass.' }, 'Added ACoS accounting, tests are green.', 'All checks pass.', false],
  ])('%s', (_, spec, fromField, fromNone, needs) => {
    const condition = declaredCondition({ name: 'round-summary', key: 'round_summary', ...spec });
    expect(condition.contaminant(withField)).toBe(fromField);
    expect(condition.contaminant(without)).toBe(fromNone);
    expect(condition.needs !== undefined).toBe(needs);
  });
});
