import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminBlogEditorPage } from './admin-blog-editor-page.tsx';

const auth = () => fakeAuth({ user: makeUser({ role: 'ADMIN' }) });
const routes = [
  { path: '/admin/blog/new', element: <AdminBlogEditorPage /> },
  { path: '/admin/blog/:slug', element: <AdminBlogEditorPage /> },
];

describe('the article editor', () => {
  it('previews markdown live with the shared renderer: formatting shown, raw HTML and javascript: links inert', async () => {
    mockFetch(() => fail(404, 'Not found', 'NOT_FOUND'));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/admin/blog/new', auth: auth() });
    const editor = await screen.findByLabelText('Article (markdown)');
    await user.click(editor);
    await user.paste(
      '## Hello preview\n\n**bold** <script>alert(1)</script> <img src=x onerror=alert(1)> [bad](javascript:alert(1)) [good](https://example.com)',
    );
    const preview = screen.getByRole('region', { name: 'Article preview' });
    await waitFor(() => expect(within(preview).getByRole('heading', { level: 2, name: 'Hello preview' })).toBeInTheDocument());
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(preview.querySelector('script, img')).toBeNull();
    for (const element of preview.querySelectorAll('*')) {
      expect([...element.attributes].map((attribute) => attribute.name).filter((name) => name.startsWith('on'))).toEqual([]);
    }
    expect(preview.querySelector('a[href^="javascript" i]')).toBeNull();
    expect(within(preview).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument(); // shown as text
    expect(within(preview).getByRole('link', { name: 'good' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('1 min read')).toBeInTheDocument();
  });

  it('fills the slug from the title, publishes, and sends every field', async () => {
    let sent: Record<string, unknown> | null = null;
    mockFetch((url, init) => {
      if (url === '/api/v1/admin/blog/posts' && init.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return ok({
          ...sent,
          id: 'p1',
          coverImageUrl: null,
          readingMinutes: 1,
          isLive: true,
          createdAt: '',
          updatedAt: '',
          publishAt: '2026-11-01T00:00:00.000Z',
        });
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/admin/blog/new', auth: auth() });
    await user.type(await screen.findByLabelText('Title'), 'Sound design for shops');
    expect(screen.getByLabelText('Slug')).toHaveValue('sound-design-for-shops');
    await user.type(screen.getByLabelText('Excerpt'), 'Short');
    await user.type(screen.getByLabelText('Article (markdown)'), 'Some words here.');
    await user.type(screen.getByLabelText('Tags'), 'sound generation, guides');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      title: 'Sound design for shops',
      slug: 'sound-design-for-shops',
      excerpt: 'Short',
      body: 'Some words here.',
      tags: ['sound generation', 'guides'],
      status: 'published',
      publishAt: null,
      authorName: 'The Lumen Studio team',
    });
  });

  it('shows field messages instead of sending an invalid article', async () => {
    const fetchMock = mockFetch(() => fail(404, 'Not found', 'NOT_FOUND'));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/admin/blog/new', auth: auth() });
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Write the article')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/admin/blog/posts', expect.anything());
  });
});
