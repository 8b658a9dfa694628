import type { CommunityPost } from '@lumen/core/community/schemas';
import { hasOwnPrompt } from '@lumen/core/community/schemas';
import type { OutputKind } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { API_PREFIX } from '../../lib/api-prefix.ts';
import type { FileLinks } from '../files/index.ts';
import type { PostRecord } from './community.repository.ts';

/** The stored file a post shows: the output's preview when it has one (the original stays behind the download rule). */
export function mediaFileOf(record: Pick<PostRecord, 'output'>): { key: string; contentType: string } {
  const { output } = record;
  return output.previewStorageKey
    ? { key: output.previewStorageKey, contentType: output.previewContentType ?? output.contentType }
    : { key: output.storageKey, contentType: output.contentType };
}

export const publicMediaUrl = (postId: string): string => `${API_PREFIX}/community/posts/${postId}/media`;

/**
 * `public`: the media route, which checks the post is still published on every request (hidden → 404 at once).
 * `private` (the author's own list, moderators): a signed link, so hidden posts still show to them.
 */
export type MediaAccess = { kind: 'public' } | { kind: 'private'; links: FileLinks };

/** The byline of the posts the team publishes (their account is an admin's; the gallery names the team instead). */
export const FEATURED_AUTHOR = 'Lumen Studio team';

export function authorName(author: { firstName: string; lastName: string }): string {
  const initial = author.lastName.trim().charAt(0);
  return initial ? `${author.firstName} ${initial}.` : author.firstName;
}

export function toPostDto(record: PostRecord, viewerId: string | null, access: MediaAccess): CommunityPost {
  const { post } = record;
  const kind = record.output.kind as OutputKind;
  const file = mediaFileOf(record);
  const url =
    kind === 'report'
      ? null
      : access.kind === 'public'
        ? publicMediaUrl(post.id)
        : access.links.sign({ key: file.key, contentType: file.contentType, disposition: 'inline' }).url;
  return {
    id: post.id,
    service: post.service as ServiceKey,
    title: post.title,
    prompt: post.prompt,
    isToolPrompt: hasOwnPrompt(post.service),
    author: { name: post.featured ? FEATURED_AUTHOR : authorName(record.author) },
    featured: post.featured,
    media: { kind, contentType: file.contentType, url },
    likes: post.likesCount,
    likedByMe: Boolean(record.likedByMe),
    isMine: viewerId !== null && post.userId === viewerId,
    status: post.status,
    moderation: post.moderation,
    createdAt: post.createdAt.toISOString(),
    ...(record.rank !== undefined ? { rank: record.rank } : {}),
  };
}
