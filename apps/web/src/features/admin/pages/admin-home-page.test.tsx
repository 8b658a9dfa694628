import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Overview } from '@lumen/core/admin/overview';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceEntry } from '@lumen/core/jobs/schemas';
import { AdminHomePage } from './admin-home-page.tsx';

const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });

const makeServices = (): ServiceEntry[] =>
  serviceKeys.map((key) => ({
    key,
    name: serviceNames[key],
    description: '',
    cost: 1,
    outputKind: 'image',
    engine: { kind: 'builtin', label: `Built-in ${key} engine (offline)`, provider: null, model: null },
    files: [],
  }));

const money = (netCents: number, count: number) => ({ paidCents: netCents, refundedCents: 0, netCents, count });

const emptyOverview: Overview = {
  range: 'today',
  from: '2026-11-28T00:00:00.000Z',
  asOf: '2026-11-28T10:00:00.000Z',
  revenue: { live: money(0, 0), test: money(0, 0) },
  signups: 0,
  payingUsers: 0,
  jobs: { total: 0, succeeded: 0, failed: 0, failureRate: null },
  credits: { sold: 0, spent: 0 },
  providerSpendMicroUsd: 0,
  revenuePerCreditCents: null,
  services: [],
  attention: [],
};

const busyOverview: Overview = {
  ...emptyOverview,
  range: '7d',
  from: '2026-11-22T00:00:00.000Z',
  revenue: { live: { paidCents: 4900, refundedCents: 900, netCents: 4000, count: 3 }, test: money(1900, 1) },
  signups: 12,
  payingUsers: 2,
  jobs: { total: 40, succeeded: 30, failed: 10, failureRate: 0.25 },
  credits: { sold: 700, spent: 120 },
  providerSpendMicroUsd: 1_250_000,
  revenuePerCreditCents: 8,
  services: [
    {
      service: 'image-generator',
      jobs: 30,
      failed: 10,
      creditsSpent: 100,
      providerCostMicroUsd: 1_250_000,
      revenueCents: 800,
      marginCents: 675,
    },
    { service: 'sales-pilot', jobs: 10, failed: 0, creditsSpent: 20, providerCostMicroUsd: 0, revenueCents: 160, marginCents: 160 },
  ],
  attention: [
    {
      kind: 'provider_budget_reached',
      severity: 'critical',
      message: 'Today’s hosted AI budget is used up ($5.00 of $5.00): hosted services refuse new jobs until 00:00 UTC.',
      href: '/admin/providers',
    },
    { kind: 'jobs_overdue', severity: 'warning', message: '1 job ran past its deadline and was not stopped.', href: '/admin/jobs/j-1' },
  ],
};

function renderWith(services: ServiceEntry[], overview: (range: string) => Overview = () => emptyOverview) {
  const calls = mockFetch((url) => {
    if (url === '/api/v1/services') return ok(services);
    const parsed = new URL(url, 'http://x');
    if (parsed.pathname === '/api/v1/admin/overview') return ok(overview(parsed.searchParams.get('range') ?? ''));
    return fail(404, 'Not found', 'NOT_FOUND');
  });
  const rendered = renderRoutes([{ path: '/admin', element: <AdminHomePage /> }], { path: '/admin', auth: admin });
  return { ...rendered, calls };
}

describe('/admin home', () => {
  it('shows the figures of the period, each a link to its page, what needs attention and the margin per service', async () => {
    const { calls } = renderWith(makeServices(), (range) => (range === '7d' ? busyOverview : emptyOverview));
    await screen.findByText('Nothing needs attention.');
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));

    const attention = await screen.findByRole('list', { name: 'Needs attention' });
    const items = within(attention).getAllByRole('link');
    expect(items.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'Critical: Today’s hosted AI budget is used up ($5.00 of $5.00): hosted services refuse new jobs until 00:00 UTC.',
        '/admin/providers',
      ],
      ['Warning: 1 job ran past its deadline and was not stopped.', '/admin/jobs/j-1'],
    ]);
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.mock.calls.map(([url]) => String(url))).toContain('/api/v1/admin/overview?range=7d');

    const figures = within(screen.getByRole('list', { name: 'Figures of the period' }));
    const dates = 'from=2026-11-22&to=2026-11-28';
    expect(figures.getByRole('link', { name: 'Revenue: $40.00' })).toHaveAttribute('href', `/admin/payments?${dates}`);
    expect(figures.getByRole('link', { name: 'Revenue: $40.00' })).toHaveTextContent('3 payments, live money only; $9.00 refunded.');
    expect(figures.getByRole('link', { name: 'Test mode (not revenue): $19.00' })).toHaveTextContent(
      '1 test-mode payment: no money moved.',
    );
    expect(figures.getByRole('link', { name: 'Sign-ups: 12' })).toHaveAttribute('href', '/admin/users?sort=newest');
    expect(figures.getByRole('link', { name: 'Paying users: 2' })).toHaveAttribute('href', `/admin/payments?${dates}`);
    expect(figures.getByRole('link', { name: 'Jobs: 40' })).toHaveAttribute('href', `/admin/jobs?${dates}`);
    const failures = figures.getByRole('link', { name: 'Failure rate: 25%' });
    expect(failures).toHaveAttribute('href', `/admin/jobs?status=failed&${dates}`);
    expect(failures).toHaveTextContent('10 failed of 40 finished.');
    expect(figures.getByRole('link', { name: 'Provider spend: $1.25' })).toHaveAttribute('href', '/admin/providers');
    expect(figures.getByRole('link', { name: 'Credits sold: 700' })).toHaveAttribute('href', '/admin/analytics');
    expect(figures.getByRole('link', { name: 'Credits spent: 120' })).toHaveAttribute('href', '/admin/analytics');

    const margins = within(screen.getByRole('list', { name: 'Margin per service' })).getAllByRole('listitem');
    expect(margins[0]).toHaveTextContent('Image Generation');
    expect(margins[0]).toHaveTextContent('Jobs30 (10 failed)Credits charged100Provider spend$1.25Margin$6.75');
    expect(margins[1]).toHaveTextContent('Margin$1.60');
    expect(screen.getByText(/Credits charged at \$0\.0800 each/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Provider calls and prices' })).toHaveAttribute('href', '/admin/providers');
  });

  it('on a platform with no activity: zeros, no margin yet and nothing to attend to', async () => {
    renderWith(makeServices());
    expect(await screen.findByText('Nothing needs attention.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    const figures = within(screen.getByRole('list', { name: 'Figures of the period' }));
    expect(figures.getByRole('link', { name: 'Revenue: $0.00' })).toHaveTextContent('0 payments, live money only.');
    expect(figures.getByRole('link', { name: 'Failure rate: —' })).toHaveTextContent('No finished jobs.');
    expect(screen.getByText('No jobs in this period.')).toBeInTheDocument();
    expect(screen.getByText('No real (non-test) sale yet: the margin is shown after the first one.')).toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded, and the admin pages stay reachable', async () => {
    mockFetch((url) => (url === '/api/v1/services' ? ok(makeServices()) : fail(500, 'Boom', 'INTERNAL')));
    renderRoutes([{ path: '/admin', element: <AdminHomePage /> }], { path: '/admin', auth: admin });
    expect(await screen.findByText('Failed to load the dashboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Payments/ })).toHaveAttribute('href', '/admin/payments');
  });
});

describe('/admin engines', () => {
  it('lists which tools run offline and which on a hosted model, with the way to the providers page', async () => {
    renderWith(
      makeServices().map((service) =>
        service.key === 'image-generator'
          ? {
              ...service,
              engine: { kind: 'remote' as const, label: 'fal (fal-ai/flux/schnell)', provider: 'fal', model: 'fal-ai/flux/schnell' },
            }
          : service,
      ),
    );
    const list = await screen.findByRole('list', { name: 'Engine of each tool' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(within(list).getByText('Image Generation').parentElement).toHaveTextContent('Hosted: fal-ai/flux/schnell on fal');
    expect(within(list).getByText('Sound Generation').parentElement).toHaveTextContent(
      'Offline: Built-in sound-generator engine (offline)',
    );
    expect(screen.getByTestId('offline-summary')).toHaveTextContent('5 of 6 tools run on the offline engine.');
    expect(screen.getByRole('link', { name: 'Provider calls, spend and daily budget' })).toHaveAttribute('href', '/admin/providers');
  });

  it('says so when every tool runs on a hosted model', async () => {
    renderWith(
      makeServices().map((service) => ({
        ...service,
        engine: { kind: 'remote' as const, label: 'Replicate', provider: 'Replicate', model: 'owner/model' },
      })),
    );
    expect(await screen.findByTestId('offline-summary')).toHaveTextContent('Every tool runs on a hosted model.');
  });
});
