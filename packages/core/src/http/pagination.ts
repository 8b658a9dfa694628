import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../credits/rules.ts';

export const MAX_PAGE_SIZE = 100;

/** `?limit&page` of every paginated list: limit 1..100 (default 10), page >= 1 (default 1). */
export const paginationQueryShape = {
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).default(1),
};

export const paginationQuerySchema = z.strictObject(paginationQueryShape);
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** `{ items, page, limit, total, totalPages }` around an item schema. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}

export type Paginated<T> = { items: T[]; page: number; limit: number; total: number; totalPages: number };

export function totalPagesFor(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
