import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { readingTimeLabel } from '@lumen/core/content/reading-time';
import type { PostSummary } from '@lumen/core/content/blog';
import { BackdropImage } from '@/components/backdrop-image.tsx';
import { formatPublicDate } from '@/lib/format.ts';

/** One of the studio's /main/bg pictures, always the same for an article without its own cover. */
function fallbackCover(slug: string): number {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % 10) + 1;
}

/** An article in a list: cover (or a gradient), tags, title, excerpt, date and reading time. */
export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {post.coverImageUrl ? (
        <img src={post.coverImageUrl} alt="" className="aspect-[16/9] w-full object-cover" loading="lazy" />
      ) : (
        <BackdropImage
          index={fallbackCover(post.slug)}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-[16/9] w-full"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        {post.tags.length > 0 && (
          <p className="text-xs font-semibold tracking-wider text-brand-600 uppercase">{post.tags.slice(0, 2).join(' · ')}</p>
        )}
        <h2 className="mt-2 text-lg font-semibold text-slate-900">
          <Link to={`/company/blogs/${post.slug}`} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="mt-2 line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>}
        <p className="mt-auto flex items-center gap-2 pt-4 text-xs text-slate-500">
          {post.publishedAt && <time dateTime={post.publishedAt}>{formatPublicDate(post.publishedAt)}</time>}
          <span aria-hidden="true">·</span>
          <Clock className="h-3.5 w-3.5" aria-hidden="true" />
          <span>{readingTimeLabel(post.readingMinutes)}</span>
        </p>
      </div>
    </article>
  );
}
