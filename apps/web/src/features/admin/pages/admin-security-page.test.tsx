import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminSecurityPage } from './admin-security-page.tsx';

const page = (items: unknown[]) => ok({ items, page: 1, limit: 20, total: items.length, totalPages: 1 });

function serve() {
  const blocks: Array<{ id: string; cidr: string; reason: string; createdBy: string; createdAt: string }> = [];
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.startsWith('/api/v1/admin/security/failed-sign-ins')) {
      return ok({
        from: '2026-11-20T00:00:00.000Z',
        to: '2026-11-21T00:00:00.000Z',
        total: 42,
        perHour: [{ hour: '2026-11-20T10:00:00.000Z', count: 42 }],
        perIp: [{ ip: '203.0.113.5', count: 40, accounts: 12, lastAt: '2026-11-20T10:59:00.000Z' }],
      });
    }
    if (url === '/api/v1/admin/ip-blocks' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { cidr: string; reason: string };
      if (body.cidr.startsWith('127.')) return fail(409, 'You cannot block the range you are connecting from (127.0.0.1).', 'CONFLICT');
      blocks.push({
        id: 'b1',
        cidr: `${body.cidr}/32`,
        reason: body.reason,
        createdBy: 'admin@example.com',
        createdAt: '2026-11-21T00:00:00.000Z',
      });
      return { status: 201, body: { success: true, data: blocks[0], message: 'Range blocked' } };
    }
    if (url === '/api/v1/admin/ip-blocks') return ok({ items: blocks, yourIp: '127.0.0.1' });
    if (url.startsWith('/api/v1/admin/sessions')) return page([]);
    if (url.startsWith('/api/v1/admin/security-events')) return page([]);
    if (url.startsWith('/api/v1/admin/audit-log')) {
      return page([
        {
          id: 'a1',
          actorUserId: 'x',
          actorEmail: 'admin@example.com',
          action: 'user.suspend',
          targetType: 'user',
          targetId: 'u9',
          before: { suspendedAt: null },
          after: { suspendedReason: 'spam' },
          ip: '10.0.0.1',
          userAgent: null,
          createdAt: '2026-11-21T00:00:00.000Z',
        },
      ]);
    }
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

describe('/admin/security', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows failed sign-ins per IP, blocks one from there, refuses your own range with the server message', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/security', element: <AdminSecurityPage /> }], {
      path: '/admin/security',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });
    expect(await screen.findByText('42')).toBeInTheDocument();
    const perIp = screen.getByRole('table', { name: 'Failed sign-ins per IP' });
    expect(perIp).toHaveTextContent('203.0.113.5');
    expect(await screen.findByText(/You are connecting from 127.0.0.1/)).toBeInTheDocument();

    await user.click(within(perIp).getByRole('button', { name: 'Block' }));
    expect(screen.getByLabelText('IP or range (CIDR)')).toHaveValue('203.0.113.5');
    await user.click(screen.getByRole('button', { name: 'Block range' }));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Credential stuffing');
    await user.click(screen.getByRole('button', { name: 'Block range' }));
    expect(await screen.findByRole('table', { name: 'Blocked ranges' })).toHaveTextContent('203.0.113.5/32');
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/v1/admin/ip-blocks' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ cidr: '203.0.113.5', reason: 'Credential stuffing' });

    await user.type(screen.getByLabelText('IP or range (CIDR)'), '127.0.0.0/8');
    await user.type(screen.getByLabelText('Reason'), 'Oops');
    await user.click(screen.getByRole('button', { name: 'Block range' }));
    expect(await screen.findByText('You cannot block the range you are connecting from (127.0.0.1).')).toBeInTheDocument();
  });

  it('searches the audit log and shows who, what, target, before and after, and from where', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/security', element: <AdminSecurityPage /> }], {
      path: '/admin/security',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });
    const audit = await screen.findByRole('table', { name: 'Audit log' });
    expect(audit).toHaveTextContent('user.suspend');
    expect(audit).toHaveTextContent('10.0.0.1');
    expect(audit).toHaveTextContent('"suspendedReason": "spam"');
    await user.type(screen.getByLabelText('Admin, action, target or IP'), 'suspend');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/admin/audit-log') && String(url).includes('search=suspend')),
      ).toBe(true),
    );
  });
});
