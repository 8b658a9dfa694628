import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostSummary } from '@lumen/core/content/blog';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { BlogsPage } from './blogs-page.tsx';

const post = (slug: string, title: string, readingMinutes: number): PostSummary => ({
  slug,
  title,
  excerpt: `About ${title}`,
  coverImageUrl: null,
  tags: ['guides'],
  authorName: 'Team',
  publishedAt: '2026-10-01T09:00:00.000Z',
  readingMinutes,
});

describe('/company/blogs', () => {
  it('lists articles with reading times, filters by tag and pages through them', async () => {
    const urls: string[] = [];
    mockFetch((url) => {
      urls.push(url);
      if (!url.startsWith('/api/v1/blog/posts')) return fail(404, 'Not found', 'NOT_FOUND');
      const params = new URL(url, 'http://x').searchParams;
      const page = Number(params.get('page'));
      const items =
        params.get('tag') === 'video'
          ? [post('speed', 'Speed painting', 4)]
          : page === 2
            ? [post('older', 'Older article', 1)]
            : [post('newest', 'Newest article', 2)];
      return ok({ items, page, limit: 10, total: 11, totalPages: params.get('tag') ? 1 : 2, tags: ['guides', 'video'] });
    });
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/company/blogs', element: <BlogsPage /> }], { path: '/company/blogs' });
    expect(await screen.findByRole('link', { name: 'Newest article' })).toHaveAttribute('href', '/company/blogs/newest');
    expect(screen.getByText('2 min read')).toBeInTheDocument();
    expect(urls[0]).toContain('limit=10');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('link', { name: 'Older article' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await user.click(screen.getByRole('button', { name: 'video' }));
    expect(await screen.findByRole('link', { name: 'Speed painting' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tag=video'));
    expect(screen.getByRole('button', { name: 'video' })).toHaveAttribute('aria-pressed', 'true');
  });
});
