import { describe, expect, it } from 'vitest';
import { readingTimeMinutes } from './reading-time.ts';

describe('reading time', () => {
  it('counts words at 200 per minute, rounded up', () => {
    expect(readingTimeMinutes('')).toBe(0);
    expect(readingTimeMinutes('one')).toBe(1);
    expect(readingTimeMinutes(Array(200).fill('w').join(' '))).toBe(1);
    expect(readingTimeMinutes(Array(201).fill('w').join('\n'))).toBe(2);
  });
});
