import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TryOnStatistics } from '@lumen/core/jobs/schemas';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { fillDays } from './jobs-per-day-chart.tsx';
import { defaultStatisticsRange, TryOnStatisticsPage } from './try-on-statistics-page.tsx';

const statistics: TryOnStatistics = {
  totalJobs: 40,
  succeeded: 37,
  failed: 3,
  successRate: 0.925,
  avgDurationMs: 4250,
  topModels: [
    { id: '11111111-1111-4111-8111-111111111111', name: 'Studio model A', uses: 21 },
    { id: '22222222-2222-4222-8222-222222222222', name: 'Studio model B', uses: 9 },
  ],
  topGarments: [{ id: '33333333-3333-4333-8333-333333333333', name: 'Red T-shirt', uses: 17 }],
  perDay: [
    { date: '2026-11-01', jobs: 25, succeeded: 24, failed: 1 },
    { date: '2026-11-02', jobs: 0, succeeded: 0, failed: 0 },
    { date: '2026-11-03', jobs: 15, succeeded: 13, failed: 2 },
  ],
};

describe('try-on statistics', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to the last 30 days', () => {
    expect(defaultStatisticsRange(new Date('2026-11-21T12:00:00Z'))).toEqual({ from: '2026-10-23', to: '2026-11-21' });
  });

  it('charts every day of the range, with zeros for days without jobs', () => {
    expect(fillDays([{ date: '2026-11-02', jobs: 4, succeeded: 3, failed: 1 }], '2026-10-31', '2026-11-03')).toEqual([
      { date: '2026-10-31', jobs: 0, succeeded: 0, failed: 0 },
      { date: '2026-11-01', jobs: 0, succeeded: 0, failed: 0 },
      { date: '2026-11-02', jobs: 4, succeeded: 3, failed: 1 },
      { date: '2026-11-03', jobs: 0, succeeded: 0, failed: 0 },
    ]);
  });

  it('shows the numbers, the charts and the most used models and garments, and asks again for a new range', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/v1/admin/try-on/statistics') ? ok(statistics) : fail(404, 'Not found', 'NOT_FOUND'),
    );
    renderRoutes([{ path: '/', element: <TryOnStatisticsPage /> }], {
      path: '/?from=2026-11-01&to=2026-11-03',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });
    expect(await screen.findByText('40')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/admin/try-on/statistics?from=2026-11-01&to=2026-11-03');
    expect(screen.getByText('37 succeeded, 3 failed')).toBeInTheDocument();
    expect(screen.getByText('92.5%')).toBeInTheDocument();
    expect(screen.getByText('4.3 s')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Try-on jobs per day over 3 days/ });
    expect(chart.querySelectorAll('title')[0]).toHaveTextContent('2026-11-01: 25 jobs, 24 succeeded, 1 failed');
    expect(screen.getByRole('img', { name: 'Success rate per day' }).querySelectorAll('circle')).toHaveLength(2);
    const models = screen.getByRole('table', { name: 'Most used models' });
    expect(
      within(models)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['#NameUses', '1Studio model A21', '2Studio model B9']);
    expect(within(screen.getByRole('table', { name: 'Most used garments' })).getByText('Red T-shirt')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-15' } });
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/v1/admin/try-on/statistics?from=2026-10-15&to=2026-11-03'));
  });

  it('says so when there were no try-on jobs', async () => {
    mockFetch(() =>
      ok({
        ...statistics,
        totalJobs: 0,
        succeeded: 0,
        failed: 0,
        successRate: 0,
        avgDurationMs: null,
        topModels: [],
        topGarments: [],
        perDay: [],
      }),
    );
    renderRoutes([{ path: '/', element: <TryOnStatisticsPage /> }], { auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }) });
    expect(await screen.findByText('No try-on jobs in this period')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(2);
  });
});
