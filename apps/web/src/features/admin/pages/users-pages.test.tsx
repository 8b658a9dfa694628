import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserSummary } from '@lumen/core/admin/schemas';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { makeAdminJob } from '@/test/ai-admin-fixtures.ts';
import { UserDetailPage } from './user-detail-page.tsx';
import { UsersPage } from './users-page.tsx';

const USER_ID = '11111111-1111-4111-8111-111111111111';
const SESSION_ID = '22222222-2222-4222-8222-222222222222';
const summary = (overrides: Partial<AdminUserSummary> = {}): AdminUserSummary => ({
  id: USER_ID,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  role: 'USER',
  status: 'suspended',
  plan: 'paid',
  balance: 40,
  spent: 60,
  createdAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});
const admin = fakeAuth({ user: makeUser({ id: 'admin-1', role: 'ADMIN' }) });
const queryOf = (calls: Array<[unknown, ...unknown[]]>, prefix: string) => {
  const urls = calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
  return Object.fromEntries(new URL(urls.at(-1) ?? prefix, 'http://x').searchParams);
};

describe('/admin/users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows status and plan, and builds the query from the search, filters and sort', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/v1/admin/users')
        ? ok({ items: [summary()], page: 1, limit: 10, total: 1, totalPages: 1 })
        : fail(404, 'Not found', 'NOT_FOUND'),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/admin/users', element: <UsersPage /> }], { path: '/admin/users', auth: admin });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Suspended')).toBeInTheDocument();
    expect(within(table).getByText('Paid')).toBeInTheDocument();
    expect(queryOf(fetchMock.mock.calls, '/api/v1/admin/users')).toEqual({ sort: 'newest', page: '1', limit: '10' });

    await user.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await user.selectOptions(screen.getByLabelText('Plan'), 'paid');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'balance');
    await user.type(screen.getByLabelText('Name or e-mail'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(queryOf(fetchMock.mock.calls, '/api/v1/admin/users')).toEqual({
        search: 'grace',
        status: 'suspended',
        plan: 'paid',
        sort: 'balance',
        page: '1',
        limit: '10',
      }),
    );
    expect(router.state.location.search).toBe('?search=grace&status=suspended&plan=paid&sort=balance');
  });
});

describe('/admin/users/{id}', () => {
  afterEach(() => vi.unstubAllGlobals());

  function serve(state: { suspendedAt: string | null; keyRevoked?: boolean }) {
    return mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (method === 'POST' && url === `/api/v1/admin/users/${USER_ID}/suspend`) {
        state.suspendedAt = '2026-11-20T10:00:00.000Z';
        return ok({ suspendedAt: state.suspendedAt, suspendedReason: 'Chargebacks', revokedSessions: 2 }, 'User suspended');
      }
      if (method === 'POST' && url === `/api/v1/admin/users/${USER_ID}/reactivate`) {
        state.suspendedAt = null;
        return ok({ suspendedAt: null, suspendedReason: null }, 'User reactivated');
      }
      if (method === 'DELETE' && url === `/api/v1/admin/sessions/${SESSION_ID}`) return ok(null, 'Session revoked');
      if (method === 'PUT' && url === `/api/v1/admin/users/${USER_ID}/api-keys/k1/revoke`) {
        state.keyRevoked = true;
        return ok({ id: 'k1', status: 'revoked', revokedAt: '2026-11-20T10:00:00.000Z' }, 'API key revoked successfully');
      }
      if (method === 'PUT' && url === `/api/v1/admin/users/${USER_ID}/role`) return ok(JSON.parse(String(init.body)), 'Role updated');
      if (url === `/api/v1/admin/users/${USER_ID}`) {
        return ok({
          user: makeUser({
            id: USER_ID,
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@example.com',
            credit: { balance: 40, spent: 60 },
          }),
          suspension: { suspendedAt: state.suspendedAt, suspendedReason: state.suspendedAt ? 'Chargebacks' : null },
          ledger: { items: [], page: 1, limit: 10, total: 0, totalPages: 1 },
        });
      }
      if (url.startsWith(`/api/v1/admin/users/${USER_ID}/credits/history`))
        return ok({ items: [], page: 1, limit: 10, total: 0, totalPages: 1 });
      if (url === `/api/v1/admin/users/${USER_ID}/api-keys`) {
        return ok([
          {
            id: 'k1',
            name: 'CI key',
            keyPrefix: 'sk_live_ab12',
            status: state.keyRevoked ? 'revoked' : 'active',
            rateLimit: 100,
            createdAt: '2026-11-01T00:00:00.000Z',
            lastUsedAt: null,
            lastUsedIp: null,
          },
        ]);
      }
      if (url === `/api/v1/admin/users/${USER_ID}/orders`) {
        return ok([
          {
            id: 'o1',
            description: 'Pro',
            kind: 'credit_pack',
            provider: 'stripe',
            status: 'paid',
            amountCents: 900,
            refundedCents: 0,
            currency: 'usd',
            credits: 100,
            invoiceNumber: 12,
            testMode: true,
            createdAt: '2026-11-01T00:00:00.000Z',
            paidAt: '2026-11-01T00:00:00.000Z',
          },
        ]);
      }
      if (url.startsWith('/api/v1/admin/jobs')) return ok({ items: [makeAdminJob()], page: 1, limit: 10, total: 1, totalPages: 1 });
      if (url.startsWith('/api/v1/admin/sessions')) {
        const items = state.suspendedAt
          ? []
          : [
              {
                id: SESSION_ID,
                userId: USER_ID,
                userEmail: 'grace@example.com',
                device: 'Chrome on Linux',
                ip: '10.0.0.7',
                createdAt: '2026-11-01T00:00:00.000Z',
                lastSeenAt: '2026-11-02T00:00:00.000Z',
              },
            ];
        return ok({ items, page: 1, limit: 10, total: items.length, totalPages: 1 });
      }
      if (url.startsWith('/api/v1/admin/security-events')) {
        return ok({
          items: [
            {
              id: 'e1',
              type: 'sign_in',
              description: 'Signed in with password',
              ip: '10.0.0.7',
              device: 'Chrome on Linux',
              createdAt: '2026-11-01T00:00:00.000Z',
              userId: USER_ID,
              userEmail: 'grace@example.com',
            },
          ],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
        });
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
  }

  it('shows the profile, jobs, orders, keys, sessions and events; suspends with a required reason, then reactivates', async () => {
    const state = { suspendedAt: null as string | null };
    const fetchMock = serve(state);
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/users/:id', element: <UserDetailPage /> }], { path: `/admin/users/${USER_ID}`, auth: admin });

    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Orders' })).toHaveTextContent('9.00 USD');
    expect(await screen.findByRole('table', { name: 'API keys' })).toHaveTextContent('sk_live_ab12');
    expect(await screen.findByRole('table', { name: 'Latest jobs' })).toHaveTextContent('Virtual Try-On');
    expect(await screen.findByRole('table', { name: 'Security events' })).toHaveTextContent('Signed in with password');
    expect(await screen.findByRole('table', { name: 'Sessions' })).toHaveTextContent('10.0.0.7');
    expect(queryOf(fetchMock.mock.calls, '/api/v1/admin/jobs')).toMatchObject({ userId: USER_ID });

    await user.click(screen.getByRole('button', { name: 'Suspend user' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A reason is required');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargebacks');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const suspendCall = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/suspend') && init?.method === 'POST');
    expect(JSON.parse(String(suspendCall?.[1]?.body))).toEqual({ reason: 'Chargebacks' });
    expect(await screen.findByText(/Reason: Chargebacks/)).toBeInTheDocument();
    expect(await screen.findByText('No live sessions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate user' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByRole('button', { name: 'Suspend user' })).toBeInTheDocument();
  });

  it('revokes a session after confirming', async () => {
    const fetchMock = serve({ suspendedAt: null });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/users/:id', element: <UserDetailPage /> }], { path: `/admin/users/${USER_ID}`, auth: admin });
    const sessions = await screen.findByRole('table', { name: 'Sessions' });
    await user.click(within(sessions).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => String(url) === `/api/v1/admin/sessions/${SESSION_ID}` && init?.method === 'DELETE'),
      ).toBe(true),
    );
  });

  it("revokes a user's API key after confirming; a revoked key offers no button", async () => {
    const state = { suspendedAt: null, keyRevoked: false };
    const fetchMock = serve(state);
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/users/:id', element: <UserDetailPage /> }], { path: `/admin/users/${USER_ID}`, auth: admin });
    const keys = await screen.findByRole('table', { name: 'API keys' });
    await user.click(within(keys).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('CI key (sk_live_ab12…) stops working on its next request');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url) === `/api/v1/admin/users/${USER_ID}/api-keys/k1/revoke` && init?.method === 'PUT',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'API keys' })).queryByRole('button', { name: 'Revoke' })).toBeNull(),
    );
    expect(screen.getByRole('table', { name: 'API keys' })).toHaveTextContent('Revoked');
  });

  it('changes the role', async () => {
    const fetchMock = serve({ suspendedAt: null });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/users/:id', element: <UserDetailPage /> }], { path: `/admin/users/${USER_ID}`, auth: admin });
    const button = await screen.findByRole('button', { name: 'Change role' });
    expect(button).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Role'), 'ADMIN');
    await user.click(button);
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/role') && init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ role: 'ADMIN' });
    });
  });

  it('offers no suspend or role change on your own account', async () => {
    serve({ suspendedAt: null });
    renderRoutes([{ path: '/admin/users/:id', element: <UserDetailPage /> }], {
      path: `/admin/users/${USER_ID}`,
      auth: fakeAuth({ user: makeUser({ id: USER_ID, role: 'ADMIN' }) }),
    });
    expect(await screen.findByText(/This is your own account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend user' })).not.toBeInTheDocument();
  });
});
