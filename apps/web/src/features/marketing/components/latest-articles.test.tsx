import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { LatestArticles } from './latest-articles.tsx';

describe('the home page articles', () => {
  it('shows the three newest articles with their reading times', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/v1/blog/posts')
        ? ok({
            items: [
              {
                slug: 'six-tools',
                title: 'Six tools, one credit balance',
                excerpt: 'How credits work.',
                coverImageUrl: null,
                tags: [],
                authorName: 'Team',
                publishedAt: '2026-10-14T09:00:00.000Z',
                readingMinutes: 2,
              },
            ],
            page: 1,
            limit: 3,
            total: 1,
            totalPages: 1,
            tags: [],
          })
        : fail(404, 'Not found', 'NOT_FOUND'),
    );
    renderRoutes([{ path: '/', element: <LatestArticles /> }]);
    expect(await screen.findByRole('link', { name: 'Six tools, one credit balance' })).toHaveAttribute('href', '/company/blogs/six-tools');
    expect(screen.getByText(/2 min read/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/v1\/blog\/posts\?(page=1&limit=3|limit=3&page=1)$/);
  });
});
