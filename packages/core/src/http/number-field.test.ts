import { describe, expect, it } from 'vitest';
import { numberField } from './number-field.ts';

const messageOf = (input: unknown) => {
  const result = numberField('Credits').min(1, 'Credits must be at least 1').safeParse(input);
  return result.success ? 'ok' : result.error.issues[0]?.message;
};

describe('numberField', () => {
  it('says a missing or empty number is required, and anything else that it must be a number', () => {
    expect(messageOf(undefined)).toBe('Credits is required');
    expect(messageOf(Number.NaN)).toBe('Credits is required');
    expect(messageOf('7')).toBe('Credits must be a number');
    expect(messageOf(null)).toBe('Credits must be a number');
  });

  it('keeps the rules that follow it', () => {
    expect(messageOf(0)).toBe('Credits must be at least 1');
    expect(messageOf(7)).toBe('ok');
  });
});
