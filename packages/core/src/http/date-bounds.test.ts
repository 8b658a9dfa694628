import { describe, expect, it } from 'vitest';
import { isWithinScheduleYears, isWithinSupportedYears } from './date-bounds.ts';

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

describe('isWithinScheduleYears', () => {
  it('takes date-times from 2000 to the end of 2100', () => {
    expect(isWithinScheduleYears('2000-01-01T00:00:00Z')).toBe(true);
    expect(isWithinScheduleYears('2026-11-22T10:00:00+02:00')).toBe(true);
    expect(isWithinScheduleYears('2100-12-31T23:59:59Z')).toBe(true);
  });
  it('refuses earlier and later years, and what is not a date', () => {
    expect(isWithinScheduleYears('0030-01-01T00:00:00Z')).toBe(false);
    expect(isWithinScheduleYears('1999-12-31T23:59:59Z')).toBe(false);
    expect(isWithinScheduleYears('2101-01-01T00:00:00Z')).toBe(false);
    expect(isWithinScheduleYears('tomorrow')).toBe(false);
  });
});
