import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign } from '@lumen/core/content/newsletter';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminNewsletterPage } from './admin-newsletter-page.tsx';

const draft: Campaign = {
  id: 'c1',
  subject: 'November news',
  body: '## Hello',
  status: 'draft',
  createdAt: '2026-11-20T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  progress: { total: 0, pending: 0, sent: 0, failed: 0 },
};

describe('/admin/newsletter', { timeout: 20_000 }, () => {
  it('shows subscribers with counts, and the campaigns tab composes with a live preview, tests and sends', async () => {
    const calls: string[] = [];
    let campaigns: Campaign[] = [draft];
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/v1/admin/newsletter/subscribers')) {
        return ok({
          items: [
            {
              id: 's1',
              email: 'reader@example.com',
              status: 'confirmed',
              createdAt: draft.createdAt,
              confirmedAt: draft.createdAt,
              unsubscribedAt: null,
            },
          ],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
          counts: { pending: 2, confirmed: 1, unsubscribed: 0 },
        });
      }
      if (url === '/api/v1/admin/newsletter/campaigns') return ok(campaigns);
      if (url === '/api/v1/admin/newsletter/campaigns/c1/test') return ok({ to: 'admin@example.com' });
      if (url === '/api/v1/admin/newsletter/campaigns/c1/send') {
        campaigns = [{ ...draft, status: 'sent', progress: { total: 1, pending: 0, sent: 1, failed: 0 } }];
        return { status: 202, body: { success: true, data: campaigns[0] } };
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/newsletter', element: <AdminNewsletterPage /> }], {
      path: '/admin/newsletter',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });
    expect(await screen.findByText('reader@example.com')).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Subscribers by status' });
    expect(within(counts).getByText('Awaiting confirmation').nextSibling).toHaveTextContent('2');

    await user.click(screen.getByRole('tab', { name: 'Campaigns' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const body = screen.getByLabelText('Newsletter (markdown)');
    await user.clear(body);
    await user.type(body, '## Fresh tools{enter}{enter}<b>bold</b>');
    const preview = screen.getByRole('region', { name: 'Newsletter preview' });
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Fresh tools' })).toBeInTheDocument());
    expect(preview.querySelector('b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/admin/newsletter/campaigns/c1/test'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send to all confirmed subscribers' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/admin/newsletter/campaigns/c1/send'));
    expect(await screen.findByText('1 of 1 sent')).toBeInTheDocument();
  });
});
