import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { makeModerationPost, paginated } from '../test/community-fixtures.ts';
import { CommunityModerationPage } from './community-moderation-page.tsx';

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

describe('community moderation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the queue with reports and history, and hides a post with a reason', async () => {
    const reported = makeModerationPost({
      prompt: '<b>not bold</b> a copied painting',
      openReports: 2,
      reports: [{ reason: 'Copied from my portfolio', reporter: 'bob@example.com', createdAt: '2026-11-20T11:00:00.000Z' }],
      history: [{ action: 'approve', reason: 'Looked fine then', admin: 'admin@example.com', createdAt: '2026-11-20T10:30:00.000Z' }],
    });
    const calls: Call[] = [];
    mockFetch((url, init) => {
      const [path = '', search = ''] = url.split('?');
      calls.push({
        method: init.method ?? 'GET',
        path,
        query: new URLSearchParams(search),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path === '/api/v1/admin/community/queue')
        return ok(paginated(new URLSearchParams(search).get('filter') === 'hidden' ? [] : [reported], 1, 20));
      if (path === `/api/v1/admin/community/posts/${reported.id}/hide`) return ok({ ...reported, status: 'hidden' });
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderRoutes([{ path: '/admin/community-moderation', element: <CommunityModerationPage /> }], {
      path: '/admin/community-moderation',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });

    const card = await screen.findByTestId('moderation-post');
    expect(within(card).getByText('2 open reports')).toBeInTheDocument();
    expect(within(card).getByText(/Copied from my portfolio/)).toBeInTheDocument();
    expect(within(card).getByText(/Approve by admin@example.com: “Looked fine then”/)).toBeInTheDocument();
    expect(within(card).getByText('<b>not bold</b> a copied painting')).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Reason must be at least 3 characters')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Reported as copied');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/v1/admin/community/posts/${reported.id}/hide`,
      body: { reason: 'Reported as copied' },
    });

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'hidden');
    expect(await screen.findByText('No posts here')).toBeInTheDocument();
  });
});
