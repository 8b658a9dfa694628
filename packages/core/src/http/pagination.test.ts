import { describe, expect, it } from 'vitest';
import { paginationQuerySchema, totalPagesFor } from './pagination.ts';

describe('pagination (default page size 10)', () => {
  it('defaults to limit 10, page 1 and coerces query strings', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ limit: 10, page: 1 });
    expect(paginationQuerySchema.parse({ limit: '25', page: '3' })).toEqual({ limit: 25, page: 3 });
  });

  it('refuses out-of-range, fractional and unknown values', () => {
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: '1.5' }, { page: '0' }, { page: 'x' }, { sort: 'a' }]) {
      expect(paginationQuerySchema.safeParse(query).success).toBe(false);
    }
  });

  it('counts pages', () => {
    expect(totalPagesFor(0, 10)).toBe(0);
    expect(totalPagesFor(10, 10)).toBe(1);
    expect(totalPagesFor(11, 10)).toBe(2);
  });
});
