import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { JOB_ID, makeAdminJob } from '@/test/ai-admin-fixtures.ts';
import { AdminJobsPage } from './admin-jobs-page.tsx';

function serve() {
  return mockFetch((url) => {
    if (url.startsWith('/api/v1/admin/jobs')) {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      return ok({
        items: [makeAdminJob({ id: page === 1 ? JOB_ID : '99999999-9999-4999-8999-999999999999' })],
        page,
        limit: 10,
        total: 25,
        totalPages: 3,
      });
    }
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

const lastQuery = (fetchMock: ReturnType<typeof serve>) => {
  const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/v1/admin/jobs'));
  return Object.fromEntries(new URL(urls.at(-1)!, 'http://x').searchParams);
};

describe('admin jobs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists jobs with a link to each, and builds the query from the filters and the page', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/admin/jobs', element: <AdminJobsPage /> }], {
      path: '/admin/jobs',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });
    expect(await screen.findByText('25 jobs')).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toEqual({ page: '1', limit: '10' });
    expect(screen.getByRole('link', { name: new RegExp(`open job ${JOB_ID}`) })).toHaveAttribute('href', `/admin/jobs/${JOB_ID}`);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Jobs' })).toHaveTextContent('Failed');
    expect(screen.getByText('3.5 s')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Service'), 'virtual-try-on');
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ service: 'virtual-try-on', page: '1' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ service: 'virtual-try-on', status: 'failed' }));
    await user.type(screen.getByLabelText('User name or e-mail'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ search: 'ada' }));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        service: 'virtual-try-on',
        status: 'failed',
        search: 'ada',
        from: '2026-11-01',
        to: '2026-11-20',
        page: '1',
        limit: '10',
      }),
    );
    expect(router.state.location.search).toBe('?service=virtual-try-on&status=failed&search=ada&from=2026-11-01&to=2026-11-20');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '2', status: 'failed' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    // A filter change goes back to the first page.
    await user.selectOptions(screen.getByLabelText('Status'), 'succeeded');
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '1', status: 'succeeded' }));
  });

  it('reads the filters from the address (e.g. a user’s jobs)', async () => {
    const fetchMock = serve();
    renderRoutes([{ path: '/admin/jobs', element: <AdminJobsPage /> }], {
      path: '/admin/jobs?userId=abc&status=bogus&page=2',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });
    await screen.findByText('25 jobs');
    expect(lastQuery(fetchMock)).toEqual({ userId: 'abc', page: '2', limit: '10' });
    expect(screen.getByText('Only the jobs of user abc')).toBeInTheDocument();
  });
});
