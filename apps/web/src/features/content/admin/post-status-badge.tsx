import type { AdminPost } from '@lumen/core/content/blog';
import { Badge } from '@/components/ui/badge.tsx';

/** Draft, Scheduled (published with a future date) or Published (live). */
export function PostStatusBadge({ post }: { post: Pick<AdminPost, 'status' | 'isLive'> }) {
  if (post.status === 'draft') return <Badge>Draft</Badge>;
  return post.isLive ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Scheduled</Badge>;
}
