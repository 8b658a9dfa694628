import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { postStatuses } from '@lumen/core/content/blog';
import { AdminFilters } from '@/components/admin/admin-filters.tsx';
import { AdminList } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { oneOf, someText, useListFilters } from '@/lib/use-list-filters.ts';
import { useAdminPostsQuery } from '../api/admin-blog-posts.ts';
import { PostStatusBadge } from './post-status-badge.tsx';
import { TutorialVideosAdmin } from './tutorial-videos-admin.tsx';

const postFilters = { search: someText, status: oneOf(postStatuses) };

/** /admin/blog: every article (drafts, scheduled, live), searchable; plus the tutorial videos of /resources/videos. */
export function AdminBlogPage() {
  const list = useListFilters(postFilters);
  const { filters, page, setQuery } = list;
  const query = useAdminPostsQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Blog"
        description="Write, schedule and publish articles for /company/blogs."
        actions={
          <Button asChild>
            <Link to="/admin/blog/new">
              <Plus className="h-4 w-4" aria-hidden="true" /> New article
            </Link>
          </Button>
        }
      />
      <AdminFilters
        label="Filter articles"
        list={list}
        clearable={false}
        fields={[
          { kind: 'search', id: 'post-search', label: 'Title, slug or excerpt' },
          {
            kind: 'select',
            id: 'post-status',
            name: 'status',
            label: 'Status',
            options: [
              ['', 'All'],
              ['draft', 'Drafts'],
              ['published', 'Published or scheduled'],
            ],
          },
        ]}
      />
      <AdminList
        query={query}
        loadingLabel="Loading articles…"
        errorMessage="Failed to load articles"
        emptyTitle="No articles found"
        emptyText={list.hasFilters ? 'Try other filters.' : 'Write the first one with “New article”.'}
        caption="Articles"
        rowKey={(post) => post.id}
        columns={[
          {
            header: 'Title',
            cell: (post) => (
              <>
                <Link to={`/admin/blog/${post.slug}`} className="font-medium text-brand-700 hover:underline">
                  {post.title}
                </Link>
                <p className="text-xs text-slate-500">/{post.slug}</p>
              </>
            ),
          },
          { header: 'Status', cell: (post) => <PostStatusBadge post={post} /> },
          {
            header: 'Publish date',
            cell: (post) => (post.publishAt ? formatDateTime(post.publishAt) : '—'),
            className: 'whitespace-nowrap',
          },
          {
            header: 'Tags',
            cell: (post) => (
              <div className="flex flex-wrap gap-1">
                {post.tags.map((tag) => (
                  <Badge key={tag}>{tag}</Badge>
                ))}
              </div>
            ),
          },
          { header: 'Last edited', cell: (post) => formatDateTime(post.updatedAt), className: 'whitespace-nowrap' },
        ]}
        pagerLabel="Article pages"
        onPageChange={(next) => setQuery({ page: next })}
      />
      <TutorialVideosAdmin />
    </>
  );
}
