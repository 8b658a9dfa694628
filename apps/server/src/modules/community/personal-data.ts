import { eq } from 'drizzle-orm';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { communityLikes, communityPosts } from './tables.ts';

/** A person's community posts and likes, for their data archive. */
export async function communityPersonalData(db: Db, userId: string) {
  const postColumns = ['id', 'jobId', 'outputId', 'service', 'title', 'prompt', 'status', 'likesCount', 'createdAt', 'updatedAt'] as const;
  const posts = await readColumns(db, communityPosts, postColumns, eq(communityPosts.userId, userId));
  const likes = await db
    .select({ postId: communityLikes.postId, likedAt: communityLikes.createdAt })
    .from(communityLikes)
    .where(eq(communityLikes.userId, userId));
  return { posts, likes };
}

/** Deletes the person's posts, inside the erasure's transaction, before their jobs (posts reference outputs). */
export async function eraseCommunityPersonalData(db: Db, userId: string): Promise<void> {
  await db.delete(communityPosts).where(eq(communityPosts.userId, userId));
}
