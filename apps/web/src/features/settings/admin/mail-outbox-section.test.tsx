import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailOutboxItem } from '@lumen/core/admin/mail-outbox';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { MailOutboxSection } from './mail-outbox-section.tsx';

const routes = [{ path: '/admin/settings', element: <MailOutboxSection /> }];

function item(index: number, overrides: Partial<MailOutboxItem> = {}): MailOutboxItem {
  return {
    id: `m_${index}`,
    to: `person${index}@example.com`,
    subject: `Your Lumen Studio code #${index}`,
    template: 'password_reset',
    status: 'stored',
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

function serve() {
  return mockFetch((url) => {
    const parsed = new URL(url, 'http://x');
    if (parsed.pathname === '/api/v1/admin/mail-outbox') {
      const page = Number(parsed.searchParams.get('page'));
      const to = parsed.searchParams.get('to');
      if (to)
        return ok({
          items: [item(99, { to, template: 'email_verification', subject: 'Verify your e-mail' })],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
        });
      const items = Array.from({ length: page === 1 ? 10 : 3 }, (_, i) => item((page - 1) * 10 + i + 1));
      return ok({ items, page, limit: 10, total: 13, totalPages: 2 });
    }
    if (parsed.pathname === '/api/v1/admin/mail-outbox/m_99')
      return ok({
        ...item(99, { to: 'ada@example.com', subject: 'Verify your e-mail', template: 'email_verification' }),
        text: 'Your code is 482913.\nIt is valid for 10 minutes.',
        html: '<p>Your code is <b>482913</b></p>',
      });
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

describe('admin settings: mail outbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists messages (to, subject, template, status, time) and pages through them', async () => {
    const fetchMock = serve();
    renderRoutes(routes, { path: '/admin/settings', auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }) });
    const table = await screen.findByRole('table', { name: 'Mail outbox, newest first' });
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getByText('person1@example.com')).toBeInTheDocument();
    expect(within(firstRow).getByRole('button', { name: 'Your Lumen Studio code #1' })).toBeInTheDocument();
    expect(within(firstRow).getByText('Password reset code')).toBeInTheDocument();
    expect(within(firstRow).getByText('Stored')).toBeInTheDocument();
    expect(within(firstRow).getByText('Mar 2, 2025, 10:00 AM', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('13 messages')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('button', { name: 'Your Lumen Studio code #11' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/v1/admin/mail-outbox?page=2&limit=10');
  });

  it('filters by recipient and opens a message with its text body', async () => {
    const fetchMock = serve();
    renderRoutes(routes, { path: '/admin/settings', auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }) });
    await screen.findByRole('table', { name: 'Mail outbox, newest first' });
    await userEvent.type(screen.getByLabelText('Recipient'), ' ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/v1/admin/mail-outbox?to=ada%40example.com&page=1&limit=10'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Verify your e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    expect(await within(dialog).findByText(/Your code is 482913\./)).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('E-mail verification code')).toBeInTheDocument();
    expect(within(dialog).getByTitle('HTML preview')).toHaveAttribute('sandbox', '');
  });

  it('says so when there is nothing to show', async () => {
    mockFetch(() => ok({ items: [], page: 1, limit: 10, total: 0, totalPages: 0 }));
    renderRoutes(routes, { path: '/admin/settings', auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }) });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});
