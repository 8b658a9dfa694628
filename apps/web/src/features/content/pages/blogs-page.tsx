import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { useBlogPostsQuery } from '../api/blog-posts.ts';
import { PostCard } from '../components/post-card.tsx';

/** /company/blogs: published articles, newest first, ten a page, filtered by tag (?tag=). */
export function BlogsPage() {
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag')?.trim().toLowerCase() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, isFetching, refetch } = useBlogPostsQuery({ tag, page, limit: DEFAULT_PAGE_SIZE });

  const go = (next: { tag?: string; page?: number }) => {
    const out = new URLSearchParams();
    if (next.tag) out.set('tag', next.tag);
    if (next.page && next.page > 1) out.set('page', String(next.page));
    setParams(out);
    window.scrollTo?.({ top: 0 });
  };

  return (
    <PageContainer>
      <PageHeader
        eyebrow="Company"
        title="Blog"
        description="Guides, product news and behind-the-scenes stories from the Lumen Studio team."
      />
      {data && data.tags.length > 0 && (
        <nav aria-label="Filter by tag" className="mb-6 flex flex-wrap gap-2">
          {[undefined, ...data.tags].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={tag === value}
              onClick={() => go({ tag: value })}
              className={cn(
                'rounded-full border px-3 py-1 text-sm font-medium',
                tag === value
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400',
              )}
            >
              {value ?? 'All articles'}
            </button>
          ))}
        </nav>
      )}
      {isPending ? (
        <Spinner label="Loading articles…" />
      ) : isError ? (
        <ErrorState message="Failed to load articles" onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title={tag ? `No articles tagged “${tag}” yet` : 'No articles yet'}>
          New articles appear here as soon as they are published.
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </div>
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            onPageChange={(next) => go({ tag, page: next })}
            disabled={isFetching}
            label="Article pages"
          />
        </>
      )}
    </PageContainer>
  );
}
