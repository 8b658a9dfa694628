import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { readingTimeLabel } from '@lumen/core/content/reading-time';
import { useBlogPostsQuery } from '@/features/content/api/blog-posts.ts';
import { formatDate } from '@/lib/format.ts';

/** The three newest articles on the home page; nothing at all while loading or if the blog is empty. */
export function LatestArticles() {
  const { data } = useBlogPostsQuery({ page: 1, limit: 3 });
  if (!data?.items.length) return null;
  return (
    <section aria-labelledby="blog-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="blog-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          From the blog
        </h2>
        <Link to="/company/blogs" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          All articles <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {data.items.map((post) => (
          <li key={post.slug} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="font-semibold text-slate-900">
              <Link to={`/company/blogs/${post.slug}`} className="hover:underline">
                {post.title}
              </Link>
            </h3>
            {post.excerpt && <p className="mt-2 line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>}
            <p className="mt-4 text-xs text-slate-500">
              {post.publishedAt ? `${formatDate(post.publishedAt)} · ` : ''}
              {readingTimeLabel(post.readingMinutes)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
