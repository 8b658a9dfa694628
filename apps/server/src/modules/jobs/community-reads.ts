import type { Db } from '../../db/database.ts';
import { jobOutputs } from './tables.ts';

/**
 * The job outputs a community post shows, as a read model to join in one statement (decision 100): a subquery of
 * only the columns a post needs, aliased `post_output`. Community's feeds filter, sort and page posts in SQL with
 * their file, so they join this rather than call a function per post.
 */
export function postOutputs(db: Db) {
  return db
    .select({
      id: jobOutputs.id,
      kind: jobOutputs.kind,
      contentType: jobOutputs.contentType,
      storageKey: jobOutputs.storageKey,
      previewStorageKey: jobOutputs.previewStorageKey,
      previewContentType: jobOutputs.previewContentType,
    })
    .from(jobOutputs)
    .as('post_output');
}
