import { Link, useParams } from 'react-router';
import { ArrowLeft, Clock } from 'lucide-react';
import { readingTimeLabel } from '@lumen/core/content/reading-time';
import { PageMeta, ResponseStatus } from '@/components/page-meta.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { formatPublicDate } from '@/lib/format.ts';
import { useBlogPostQuery } from '../api/blog-posts.ts';
import { PostCard } from '../components/post-card.tsx';
import { Prose } from '../components/prose.tsx';
import { ShareButton } from '../components/share-button.tsx';

const backLink = (
  <Link to="/company/blogs" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
    <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All articles
  </Link>
);

/** /company/blogs/{slug}: one published article, its reading time, share and related articles. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data: post, isPending, isError, error, refetch } = useBlogPostQuery(slug);

  if (isPending) {
    return (
      <PageContainer narrow>
        <PageMeta title="Blog" />
        <Spinner label="Loading the article…" />
      </PageContainer>
    );
  }
  if (isError) {
    return (
      <PageContainer narrow>
        {backLink}
        {isApiError(error) && error.status === 404 ? (
          <>
            <PageMeta title="Article not found" noIndex />
            <ResponseStatus status={404} />
            <h1 className="mb-4 text-2xl font-bold text-slate-900">Article not found</h1>
            <EmptyState title="This article is not available">
              It may have been moved or unpublished. Browse all articles instead.
            </EmptyState>
          </>
        ) : (
          <>
            <PageMeta title="Blog" noIndex />
            <ErrorState message="Failed to load the article" onRetry={() => void refetch()} />
          </>
        )}
      </PageContainer>
    );
  }
  return (
    <PageContainer narrow>
      <PageMeta
        title={post.seoTitle || post.title}
        description={post.seoDescription || post.excerpt || undefined}
        image={post.coverImageUrl ?? undefined}
        type="article"
      />
      {backLink}
      <article>
        <header className="mb-8">
          {post.tags.length > 0 && (
            <ul aria-label="Tags" className="mb-3 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/company/blogs?tag=${encodeURIComponent(tag)}`}
                    className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 hover:bg-brand-100"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          {post.excerpt && <p className="mt-3 text-lg text-slate-600">{post.excerpt}</p>}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-500">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-700">{post.authorName}</span>
              {post.publishedAt && (
                <>
                  <span aria-hidden="true">·</span>
                  <time dateTime={post.publishedAt}>{formatPublicDate(post.publishedAt)}</time>
                </>
              )}
              <span aria-hidden="true">·</span>
              <Clock className="h-4 w-4" aria-hidden="true" />
              <span data-testid="reading-time">{readingTimeLabel(post.readingMinutes)}</span>
            </p>
            <ShareButton title={post.title} text={post.excerpt} />
          </div>
        </header>
        {post.coverImageUrl && <img src={post.coverImageUrl} alt="" className="mb-8 w-full rounded-2xl object-cover" />}
        <Prose html={post.html} />
      </article>
      {post.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-14">
          <h2 id="related-heading" className="mb-4 text-xl font-semibold text-slate-900">
            Related articles
          </h2>
          <div className="grid gap-6 sm:grid-cols-2">
            {post.related.map((related) => (
              <PostCard key={related.slug} post={related} />
            ))}
          </div>
        </section>
      )}
    </PageContainer>
  );
}
