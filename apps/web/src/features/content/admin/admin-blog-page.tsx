import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Plus, Search } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { postStatuses } from '@lumen/core/content/blog';
import type { PostStatus } from '@lumen/core/content/blog';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useAdminPostsQuery } from '../api/admin-blog-posts.ts';
import { PostStatusBadge } from './post-status-badge.tsx';
import { TutorialVideosAdmin } from './tutorial-videos-admin.tsx';

const statusOf = (value: string | null) => ((postStatuses as readonly string[]).includes(value ?? '') ? (value as PostStatus) : undefined);

/** /admin/blog: every article (drafts, scheduled, live), searchable; plus the tutorial videos of /resources/videos. */
export function AdminBlogPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [searchText, setSearchText] = useState(search);
  const query = useAdminPostsQuery({ status, search: search || undefined, page, limit: DEFAULT_PAGE_SIZE });

  const setQuery = (next: { status?: string; search?: string; page?: number }) => {
    const merged = { status: status ?? '', search, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.status) out.set('status', merged.status);
    if (merged.search) out.set('search', merged.search);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out, { replace: true });
  };

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
      <form
        role="search"
        aria-label="Filter articles"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ search: searchText.trim() });
        }}
      >
        <div>
          <Label htmlFor="post-search">Title, slug or excerpt</Label>
          <Input
            id="post-search"
            className="mt-1"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="post-status">Status</Label>
          <Select
            id="post-status"
            className="mt-1"
            value={status ?? ''}
            onChange={(event) => setQuery({ search: searchText.trim(), status: event.target.value })}
          >
            <option value="">All</option>
            <option value="draft">Drafts</option>
            <option value="published">Published or scheduled</option>
          </Select>
        </div>
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" /> Search
        </Button>
      </form>
      <QueryState
        query={query}
        loadingLabel="Loading articles…"
        errorMessage="Failed to load articles"
        isEmpty={(data) => data.items.length === 0}
        emptyTitle="No articles found"
        emptyText={search || status ? 'Try other filters.' : 'Write the first one with “New article”.'}
      >
        {(data) => (
          <DataTable
            caption="Articles"
            rows={data.items}
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
            pager={{
              page: data.page,
              totalPages: data.totalPages,
              onPageChange: (next) => setQuery({ page: next }),
              disabled: query.isFetching,
              label: 'Article pages',
            }}
          />
        )}
      </QueryState>
      <TutorialVideosAdmin />
    </>
  );
}
