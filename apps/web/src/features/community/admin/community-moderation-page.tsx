import { useState } from 'react';
import { moderationActions } from '@lumen/core/community/schemas';
import type { ModerationAction, ModerationPost } from '@lumen/core/community/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useModerationQueueQuery } from '../api/community-posts.ts';
import type { QueueFilter } from '@/query-keys/community-keys.ts';
import { ModerationDialog, actionLabels } from './moderation-dialog.tsx';
import { PostMedia } from '../components/post-media.tsx';

const filterLabels: Record<QueueFilter, string> = { queue: 'To review (new or reported)', hidden: 'Hidden', all: 'All posts' };

function ModerationCard({ post, onAction }: { post: ModerationPost; onAction: (action: ModerationAction) => void }) {
  const available = moderationActions.filter((action) => !(action === 'hide' && post.status === 'hidden'));
  return (
    <Card className="grid gap-4 p-4 md:grid-cols-[12rem_1fr]" data-testid="moderation-post">
      <PostMedia post={post} />
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{post.title ?? serviceNames[post.service]}</h3>
          <Badge tone={post.status === 'published' ? 'success' : 'warning'}>{post.status}</Badge>
          {post.moderation === 'new' && <Badge tone="brand">new</Badge>}
          {post.openReports > 0 && (
            <Badge tone="danger">
              {post.openReports} open report{post.openReports === 1 ? '' : 's'}
            </Badge>
          )}
        </div>
        <p className="text-xs text-slate-600">
          {serviceNames[post.service]} · {post.author.name} ({post.author.email}) · {formatDateTime(post.createdAt)}
        </p>
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{post.prompt}</p>
        {post.reports.length > 0 && (
          <div>
            <p className="text-xs font-semibold text-slate-700 uppercase">Reports</p>
            <ul className="mt-1 space-y-1 text-sm text-slate-700">
              {post.reports.map((report) => (
                <li key={`${report.reporter}-${report.createdAt}`}>
                  “{report.reason}” — {report.reporter}, {formatDateTime(report.createdAt)}
                </li>
              ))}
            </ul>
          </div>
        )}
        {post.history.length > 0 && (
          <div>
            <p className="text-xs font-semibold text-slate-700 uppercase">History</p>
            <ul className="mt-1 space-y-1 text-sm text-slate-700">
              {post.history.map((entry) => (
                <li key={`${entry.action}-${entry.createdAt}`}>
                  {actionLabels[entry.action]} by {entry.admin ?? 'a former admin'}: “{entry.reason}” ({formatDateTime(entry.createdAt)})
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          {available.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'approve' ? 'secondary' : action === 'hide' ? 'outline' : 'danger'}
              onClick={() => onAction(action)}
            >
              {actionLabels[action]}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}

export function CommunityModerationPage() {
  const [filter, setFilter] = useState<QueueFilter>('queue');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<{ id: string; action: ModerationAction } | null>(null);
  const queue = useModerationQueueQuery(filter, page);
  const data = queue.data;
  return (
    <>
      <PageHeader title="Community moderation" description="Review new and reported posts: approve, hide or delete them, with a reason." />
      <div className="mb-5 max-w-xs space-y-1.5">
        <Label htmlFor="moderation-filter">Show</Label>
        <Select
          id="moderation-filter"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as QueueFilter);
            setPage(1);
          }}
        >
          {(Object.keys(filterLabels) as QueueFilter[]).map((value) => (
            <option key={value} value={value}>
              {filterLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      {queue.isPending ? (
        <Spinner label="Loading posts…" />
      ) : queue.isError ? (
        <ErrorState message={errorMessage(queue.error, 'Failed to load the moderation queue')} onRetry={() => void queue.refetch()} />
      ) : !data?.items.length ? (
        <EmptyState title={filter === 'queue' ? 'Nothing to review' : 'No posts here'}>
          {filter === 'queue' ? 'New and reported posts appear here.' : ''}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {data.total} post{data.total === 1 ? '' : 's'}
          </p>
          <ul className="space-y-4">
            {data.items.map((post) => (
              <li key={post.id}>
                <ModerationCard post={post} onAction={(action) => setPending({ id: post.id, action })} />
              </li>
            ))}
          </ul>
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            label="Moderation pages"
            disabled={queue.isFetching}
          />
        </>
      )}
      {pending && <ModerationDialog postId={pending.id} action={pending.action} onClose={() => setPending(null)} />}
    </>
  );
}
