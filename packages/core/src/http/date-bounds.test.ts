import { describe, expect, it } from 'vitest';
import { isWithinSupportedYears } from './date-bounds.ts';

describe('isWithinSupportedYears', () => {
  it('takes dates and date-times from the year 1000 to the end of 9998', () => {
    expect(isWithinSupportedYears('2026-11-22')).toBe(true);
    expect(isWithinSupportedYears('1000-01-01')).toBe(true);
    expect(isWithinSupportedYears('9998-12-31')).toBe(true);
    expect(isWithinSupportedYears('2026-11-22T10:00:00+02:00')).toBe(true);
  });
  it('refuses years whose next day or UTC time leaves four digits, and years before 1000', () => {
    expect(isWithinSupportedYears('9999-12-31')).toBe(false);
    expect(isWithinSupportedYears('9998-12-31T23:00:00-05:00')).toBe(false);
    expect(isWithinSupportedYears('0000-01-01')).toBe(false);
    expect(isWithinSupportedYears('0999-12-31')).toBe(false);
  });
});
