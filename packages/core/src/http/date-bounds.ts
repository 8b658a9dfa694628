/**
 * Dates and date-times a range query accepts: from the year 1000 to the end of 9998. A range's end is
 * the day after `to` (or a time with an offset), and past 9999 JavaScript writes years with six digits
 * (+010000-01-01) that PostgreSQL refuses; outside this window a range means nothing to the product anyway.
 */
export function isWithinSupportedYears(value: string): boolean {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isFinite(time) && time >= Date.UTC(1000, 0, 1) && time < Date.UTC(9999, 0, 1);
}

export const supportedYearsMessage = (name: string) => `${name} must be between the years 1000 and 9998`;

/**
 * Dates a person sets for the product to act on (an article's publish date, an API key's expiry): the
 * years 2000 to 2100. Wider than any real use, and narrow enough that every database driver reads the
 * stored value back as the same instant (years below 100 come back wrong or as an invalid date).
 */
export const scheduleYears = { min: 2000, max: 2100 } as const;

export function isWithinScheduleYears(value: string): boolean {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= Date.UTC(scheduleYears.min, 0, 1) && time < Date.UTC(scheduleYears.max + 1, 0, 1);
}

export const scheduleYearsMessage = (label: string) => `${label} must be between the years ${scheduleYears.min} and ${scheduleYears.max}`;
