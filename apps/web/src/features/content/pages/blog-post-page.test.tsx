import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { PublicPost } from '@lumen/core/content/blog';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { BlogPostPage } from './blog-post-page.tsx';

const post: PublicPost = {
  slug: 'behind-speed-painting',
  title: 'From one photo to a time-lapse',
  excerpt: 'How Speed Painting works.',
  coverImageUrl: null,
  tags: ['speed painting', 'video'],
  authorName: 'The Lumen Studio team',
  publishedAt: '2026-09-23T09:00:00.000Z',
  readingMinutes: 3,
  html: '<h2>What the engine does</h2><p>Stroke by stroke.</p>',
  seoTitle: '',
  seoDescription: '',
  related: [
    {
      slug: 'six-tools',
      title: 'Six tools, one balance',
      excerpt: '',
      coverImageUrl: null,
      tags: ['video'],
      authorName: 'Team',
      publishedAt: null,
      readingMinutes: 2,
    },
  ],
};

const routes = [{ path: '/company/blogs/:slug', element: <BlogPostPage /> }];

describe('a blog article', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the article, its reading time, tags and related articles', async () => {
    mockFetch((url) => (url === '/api/v1/blog/posts/behind-speed-painting' ? ok(post) : fail(404, 'Article not found', 'NOT_FOUND')));
    renderRoutes(routes, { path: '/company/blogs/behind-speed-painting' });
    expect(await screen.findByRole('heading', { level: 1, name: 'From one photo to a time-lapse' })).toBeInTheDocument();
    expect(screen.getByText('3 min read')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What the engine does' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'speed painting' })).toHaveAttribute('href', '/company/blogs?tag=speed%20painting');
    expect(screen.getByRole('link', { name: 'Six tools, one balance' })).toHaveAttribute('href', '/company/blogs/six-tools');
    expect(document.title).toBe('From one photo to a time-lapse · Lumen Studio');
  });

  it('copies the link with "Link copied to clipboard!" when the browser cannot share', async () => {
    mockFetch(() => ok(post));
    const user = userEvent.setup(); // before the stub: user-event installs its own clipboard
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderRoutes(routes, { path: '/company/blogs/behind-speed-painting' });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
  });

  it('uses the native share sheet when there is one', async () => {
    mockFetch(() => ok(post));
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/company/blogs/behind-speed-painting' });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: post.title, url: window.location.href }));
  });

  it('says so when the article does not exist or is not published', async () => {
    mockFetch(() => fail(404, 'Article not found', 'NOT_FOUND'));
    renderRoutes(routes, { path: '/company/blogs/draft-post' });
    expect(await screen.findByText('Article not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All articles/ })).toHaveAttribute('href', '/company/blogs');
  });
});
