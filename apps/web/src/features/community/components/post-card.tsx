import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Flag, Heart, Trash2, Wand2 } from 'lucide-react';
import { toast } from 'sonner';
import type { CommunityPost } from '@lumen/core/community/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatPublicDate } from '@/lib/format.ts';
import { useAuth } from '@/session/auth-context.ts';
import { openLoginModal } from '@/session/auth-modal-events.ts';
import { promptPathOf, useDeletePost, useToggleLike } from '../api/community-posts.ts';
import { PostMedia } from './post-media.tsx';

// The dialogs (and the dialog library, zod) load when someone opens one, not with the gallery.
const ConfirmDialog = lazy(async () => ({ default: (await import('@/components/ui/confirm-dialog.tsx')).ConfirmDialog }));
const ReportDialog = lazy(async () => ({ default: (await import('./report-dialog.tsx')).ReportDialog }));

/** One shared result: media, title, prompt (plain text), author, likes, report, 'Use this prompt'. */
export function PostCard({ post }: { post: CommunityPost }) {
  const { user } = useAuth();
  const toggleLike = useToggleLike();
  const remove = useDeletePost();
  const [reporting, setReporting] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const heading = post.title ?? serviceNames[post.service];

  function like() {
    if (!user) {
      openLoginModal({ message: 'Sign in to like posts' });
      return;
    }
    toggleLike.mutate(
      { id: post.id, liked: !post.likedByMe },
      { onError: (error) => toast.error(errorMessage(error, 'Failed to update your like')) },
    );
  }

  function report() {
    if (!user) {
      openLoginModal({ message: 'Sign in to report a post' });
      return;
    }
    setReporting(true);
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="community-post">
      <PostMedia post={post} />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold text-slate-900">{heading}</h3>
          <p className="text-xs text-slate-600">
            {serviceNames[post.service]} · {post.author.name} · {formatPublicDate(post.createdAt)}
          </p>
        </div>
        {post.status === 'hidden' && <Badge tone="warning">Hidden by a moderator</Badge>}
        {post.featured && (
          <Badge tone="brand" title="Published by the Lumen Studio team to show what the tools make">
            Featured
          </Badge>
        )}
      </div>
      <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-slate-700" data-testid="post-prompt">
        {post.prompt}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={like}
          disabled={toggleLike.isPending || post.status !== 'published'}
          aria-pressed={post.likedByMe}
          // The name begins with the count the button shows (axe: label-content-name-mismatch).
          aria-label={`${post.likes} like${post.likes === 1 ? '' : 's'}: ${post.likedByMe ? 'unlike' : 'like'} this post`}
        >
          <Heart className={post.likedByMe ? 'h-4 w-4 fill-red-500 text-red-500' : 'h-4 w-4'} aria-hidden="true" /> {post.likes}
        </Button>
        {post.isToolPrompt && (
          <Link to={promptPathOf(post)} className={buttonClasses('secondary', 'sm')}>
            <Wand2 className="h-4 w-4" aria-hidden="true" /> Use this prompt
          </Link>
        )}
        {post.isMine ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirmingDelete(true)} aria-label="Remove from the community">
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={report} aria-label="Report this post">
            <Flag className="h-4 w-4" aria-hidden="true" /> Report
          </Button>
        )}
      </div>
      <Suspense fallback={null}>
        {reporting && <ReportDialog postId={post.id} open={reporting} onOpenChange={setReporting} />}
        {confirmingDelete && (
          <ConfirmDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            title="Remove this post?"
            description="It disappears from the gallery and search. Your result stays in your library."
            confirmLabel="Remove"
            danger
            isPending={remove.isPending}
            onConfirm={() =>
              remove.mutate(post.id, {
                onSuccess: () => {
                  toast.success('Removed from the community');
                  setConfirmingDelete(false);
                },
                onError: (error) => toast.error(errorMessage(error, 'Failed to remove the post')),
              })
            }
          />
        )}
      </Suspense>
    </Card>
  );
}

export function PostGrid({ posts }: { posts: CommunityPost[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
