import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { AdminPayment, AdminPaymentDetail, AdminRefundRequest } from '@lumen/core/payments/billing';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminCancellationsPage } from './admin-cancellations-page.tsx';
import { AdminPaymentsPage } from './admin-payments-page.tsx';

const CARD_ID = '11111111-1111-4111-8111-111111111111';
const CRYPTO_ID = '22222222-2222-4222-8222-222222222222';

function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: CARD_ID,
    number: 'INV-001001',
    kind: 'credit_pack',
    description: 'Pro - 50 credits',
    status: 'paid',
    amountCents: 900,
    amount: 9,
    currency: 'usd',
    credits: 50,
    provider: 'stripe',
    providerPaymentId: 'pi_test_1',
    paymentMethod: 'Visa •••• 4242',
    testMode: true,
    failureReason: null,
    refundedCents: 0,
    creditsReversed: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:00:05.000Z',
    user: { id: 'u_1', email: 'ada@example.com', name: 'Ada Lovelace' },
    crypto: null,
    ...overrides,
  };
}

const cryptoPayment = payment({
  id: CRYPTO_ID,
  number: 'INV-001002',
  description: '350 Credits',
  amountCents: 4900,
  amount: 49,
  credits: 350,
  provider: 'nowpayments',
  providerPaymentId: 'np_1',
  paymentMethod: 'BTC 0.0007',
  user: { id: 'u_2', email: 'bob@example.com', name: 'Bob' },
  crypto: {
    paymentId: 'np_1',
    status: 'finished',
    payCurrency: 'btc',
    payAmount: '0.0007',
    actuallyPaid: '0.0007',
    payAddress: 'tb1qaddr',
    txHash: 'abc123',
    expiresAt: '2026-11-20T11:00:00.000Z',
    lateDepositAt: null,
  },
});

function detail(base: AdminPayment, overrides: Partial<AdminPaymentDetail> = {}): AdminPaymentDetail {
  return {
    ...base,
    events: [
      {
        id: 'ev1',
        provider: base.provider,
        eventId: 'evt_1',
        type: 'payment_intent.succeeded',
        outcome: 'credited 50',
        receivedAt: '2026-11-20T10:00:05.000Z',
        processedAt: '2026-11-20T10:00:05.000Z',
      },
    ],
    refunds: [],
    refundRequests: [],
    accountFlags: [],
    refundableCents: base.amountCents - base.refundedCents,
    ...overrides,
  };
}

function serve(routes: Record<string, (url: URL, init: RequestInit) => MockRoute>) {
  return mockFetch((raw, init) => {
    const url = new URL(raw, 'http://x');
    const route = routes[`${init.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`];
    return route ? route(url, init) : fail(404, 'Not found', 'NOT_FOUND');
  });
}

const admin = () => fakeAuth({ user: makeUser({ role: 'ADMIN' }) });
const body = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;
const list = (items: AdminPayment[]) => ({
  items,
  page: 1,
  limit: 10,
  total: 12,
  totalPages: 2,
  totals: {
    live: { paidCents: 5800, refundedCents: 450, netCents: 5350, count: 12 },
    test: { paidCents: 4900, refundedCents: 0, netCents: 4900, count: 1 },
  },
});

describe('admin payments', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists orders with totals and builds the query from status, provider, dates, search and page', async () => {
    const queries: Record<string, string>[] = [];
    serve({
      'GET /admin/payments': (url) => {
        queries.push(Object.fromEntries(url.searchParams));
        return ok(list([payment(), cryptoPayment]));
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/admin/payments', element: <AdminPaymentsPage /> }], {
      path: '/admin/payments',
      auth: admin(),
    });
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    expect(within(table).getByRole('row', { name: /ada@example.com/ })).toHaveTextContent('$9.00');
    expect(within(table).getByRole('row', { name: /bob@example.com/ })).toHaveTextContent('BTC · finished');
    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent('Orders paid12');
    expect(totals).toHaveTextContent('Paid$58.00');
    expect(totals).toHaveTextContent('Refunded$4.50');
    expect(totals).toHaveTextContent('Net$53.50');
    // Test-mode money is never in the totals above; it is said apart.
    expect(screen.getByText(/Live money only\./)).toHaveTextContent(
      'Live money only. Test mode, no money moved: 1 paid order, $49.00 paid, $49.00 net. Abandoned checkouts (expired) are listed under the Expired status.',
    );
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('All but expired');
    expect(queries.at(-1)).toEqual({ page: '1', limit: '10' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    await user.selectOptions(screen.getByLabelText('Provider'), 'Crypto (NOWPayments)');
    await user.type(screen.getByLabelText('User name or e-mail'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        status: 'refunded',
        provider: 'nowpayments',
        search: 'bob',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
        limit: '10',
      }),
    );
    expect(router.state.location.search).toBe('?status=refunded&provider=nowpayments&search=bob&from=2026-11-01&to=2026-11-30');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ page: '2', provider: 'nowpayments' }));
  });

  it('opens a card order with its events and refunds part of it', async () => {
    let current = detail(payment());
    const refund = vi.fn((_url: URL, init: RequestInit) => {
      expect(body(init)).toEqual({ amountCents: 450, reason: 'Asked by e-mail' });
      const made = {
        id: 'r1',
        orderId: CARD_ID,
        amountCents: 450,
        amount: 4.5,
        creditsReversed: 25,
        method: 'stripe' as const,
        reference: 're_1',
        reason: 'Asked by e-mail',
        actor: { id: 'u_1', email: 'admin@example.com' },
        createdAt: '2026-11-21T10:00:00.000Z',
      };
      current = {
        ...current,
        status: 'partially_refunded',
        refundedCents: 450,
        creditsReversed: 25,
        refunds: [made],
        refundableCents: 450,
      };
      return ok({ refund: made, order: current });
    });
    serve({
      'GET /admin/payments': () => ok(list([payment()])),
      [`GET /admin/payments/${CARD_ID}`]: () => ok(current),
      [`POST /admin/payments/${CARD_ID}/refund`]: refund,
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/payments', element: <AdminPaymentsPage /> }], { path: '/admin/payments', auth: admin() });
    await user.click(await screen.findByRole('button', { name: /open payment of ada@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment INV-001001' });
    expect(within(dialog).getByRole('table', { name: 'Provider events of this order' })).toHaveTextContent('payment_intent.succeeded');
    expect(within(dialog).getByText('No refunds.')).toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Refund this order' });
    expect(within(form).getByLabelText('Amount (USD)')).toHaveValue('9.00');
    expect(within(form).queryByLabelText('Payout reference')).not.toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('At most $9.00 can be refunded')).toBeInTheDocument();
    expect(within(form).getByText('Say why this order is refunded')).toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '4.50');
    await user.type(within(form).getByLabelText('Reason'), 'Asked by e-mail');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
    expect(toast.success).toHaveBeenCalledWith('Refund recorded', { description: '$4.50 refunded; 25 credits reversed.' });
    const refunds = await within(dialog).findByRole('table', { name: 'Refunds of this order' });
    expect(refunds).toHaveTextContent('admin@example.com');
    expect(refunds).toHaveTextContent('-25');
  });

  it('a crypto refund needs the payout reference', async () => {
    const refund = vi.fn((_url: URL, init: RequestInit) => {
      expect(body(init)).toEqual({ amountCents: 4900, reason: 'Duplicate payment', payoutReference: 'tx-refund-9' });
      return fail(409, 'Already refunded', 'CONFLICT');
    });
    serve({
      'GET /admin/payments': () => ok(list([cryptoPayment])),
      [`GET /admin/payments/${CRYPTO_ID}`]: () => ok(detail(cryptoPayment)),
      [`POST /admin/payments/${CRYPTO_ID}/refund`]: refund,
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/payments', element: <AdminPaymentsPage /> }], { path: '/admin/payments', auth: admin() });
    await user.click(await screen.findByRole('button', { name: /open payment of bob@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment INV-001002' });
    expect(within(dialog).getByRole('region', { name: 'Crypto payment' })).toHaveTextContent('tb1qaddr');
    const form = within(dialog).getByRole('form', { name: 'Refund this order' });
    await user.type(within(form).getByLabelText('Reason'), 'Duplicate payment');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('Crypto refunds need the payout transaction or reference')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Payout reference'), 'tx-refund-9');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Refund failed', { description: 'Already refunded' }));
  });
});

describe('admin refunds (cancellations)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  function request(overrides: Partial<AdminRefundRequest> = {}): AdminRefundRequest {
    return {
      id: 'rr1',
      status: 'pending',
      reason: 'Not what I expected',
      decisionNote: null,
      createdAt: '2026-11-21T09:00:00.000Z',
      decidedAt: null,
      refundId: null,
      decidedBy: null,
      order: payment(),
      user: { id: 'u_1', email: 'ada@example.com', name: 'Ada Lovelace' },
      ...overrides,
    };
  }

  it('approves a pending request with a partial amount and rejects another with a note; history lists refunds', async () => {
    let requests = [request(), request({ id: 'rr2', user: { id: 'u_3', email: 'cy@example.com', name: 'Cy' } })];
    const approve = vi.fn((_url: URL, init: RequestInit) => {
      expect(body(init)).toEqual({ amountCents: 500, note: 'Partial, as agreed' });
      requests = requests.filter((r) => r.id !== 'rr1');
      return ok({
        request: request({ status: 'approved' }),
        refund: {
          id: 'r1',
          orderId: CARD_ID,
          amountCents: 500,
          amount: 5,
          creditsReversed: 27,
          method: 'stripe',
          reference: 're_1',
          reason: 'Partial, as agreed',
          actor: null,
          createdAt: '2026-11-21T10:00:00.000Z',
        },
      });
    });
    const reject = vi.fn((_url: URL, init: RequestInit) => {
      expect(body(init)).toEqual({ note: 'Credits were used' });
      requests = requests.filter((r) => r.id !== 'rr2');
      return ok({ request: request({ id: 'rr2', status: 'rejected' }), refund: null });
    });
    const statuses: (string | null)[] = [];
    serve({
      'GET /admin/refunds': (url) => {
        statuses.push(url.searchParams.get('status'));
        return ok({ items: requests, page: 1, limit: 10, total: requests.length, totalPages: 1 });
      },
      'GET /admin/refunds/history': () =>
        ok({
          items: [
            {
              id: 'r0',
              orderId: CARD_ID,
              amountCents: 900,
              amount: 9,
              creditsReversed: 50,
              method: 'manual',
              reference: 'tx-9',
              reason: 'Duplicate',
              actor: { id: 'a', email: 'admin@example.com' },
              createdAt: '2026-11-19T10:00:00.000Z',
              order: { id: CARD_ID, number: 'INV-000999', description: 'Pro', provider: 'nowpayments' },
              user: { id: 'u_9', email: 'old@example.com', name: 'Old' },
            },
          ],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
        }),
      'POST /admin/refund-requests/rr1/approve': approve,
      'POST /admin/refund-requests/rr2/reject': reject,
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/cancellations', element: <AdminCancellationsPage /> }], { path: '/admin/cancellations', auth: admin() });
    const queue = await screen.findByRole('table', { name: 'Refund requests, pending first' });
    expect(statuses[0]).toBe('pending');
    const history = await screen.findByRole('table', { name: 'Refunds made, newest first' });
    expect(history).toHaveTextContent('old@example.com');
    expect(history).toHaveTextContent('tx-9');

    await user.click(within(queue).getByRole('button', { name: 'Approve the request of ada@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve refund request' });
    await user.type(within(dialog).getByLabelText(/Amount/), '5');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Partial, as agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and refund' }));
    await waitFor(() => expect(approve).toHaveBeenCalledTimes(1));
    expect(toast.success).toHaveBeenCalledWith('Refund approved', { description: '$5.00 refunded; 27 credits reversed.' });
    await waitFor(() => expect(within(queue).queryByText('ada@example.com')).not.toBeInTheDocument());

    await user.click(within(queue).getByRole('button', { name: 'Reject the request of cy@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject refund request' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(within(dialog).getByText('Say why the request is rejected; the user sees this note')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note to the user'), 'Credits were used');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(reject).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('No pending refund requests')).toBeInTheDocument();
  });
});
