import { QueryBuilder } from 'drizzle-orm/pg-core';
import { jobOutputs } from './tables.ts';

// Builds SQL only; the statement that joins the subquery runs it, in whatever transaction that statement is in.
const query = new QueryBuilder();

/**
 * The job outputs a community post shows, as a read model to join in one statement (decision 100): a subquery of
 * only the columns a post needs, which the caller joins on `id`. Community's feeds filter, sort and page posts in SQL
 * with their file, so they join this rather than call a function per post. PostgreSQL flattens it into a plain join.
 */
export function postOutputs<TName extends string = 'post_output'>(name: TName = 'post_output' as TName) {
  return query
    .select({
      id: jobOutputs.id,
      kind: jobOutputs.kind,
      contentType: jobOutputs.contentType,
      storageKey: jobOutputs.storageKey,
      previewStorageKey: jobOutputs.previewStorageKey,
      previewContentType: jobOutputs.previewContentType,
    })
    .from(jobOutputs)
    .as(name);
}
