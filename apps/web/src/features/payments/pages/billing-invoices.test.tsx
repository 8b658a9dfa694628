import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Invoice } from '@lumen/core/payments/billing';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { startDownload } from '../api/open-download.ts';
import { bodyOf } from '../test/payment-fixtures.tsx';
import { BillingPage } from './billing-page.tsx';

vi.mock('../api/open-download.ts', () => ({ startDownload: vi.fn() }));

function invoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `INV-${String(1000 + n).padStart(6, '0')}`,
    description: `Pro - 50 credits #${n}`,
    status: 'paid',
    amountCents: 900,
    amount: 9,
    currency: 'usd',
    credits: 50,
    provider: 'stripe',
    paymentMethod: 'Visa •••• 4242',
    testMode: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:00:05.000Z',
    refundedCents: 0,
    refundable: true,
    refundRequest: null,
    ...overrides,
  };
}

const emptyHistory = {
  items: [],
  page: 1,
  limit: 10,
  total: 0,
  totalPages: 0,
  totals: { creditsAdded: 0, creditsRemoved: 0, creditsSpent: 0, creditsRefunded: 0, byService: {} },
};
const page = (items: Invoice[], pageNo = 1, total = items.length) => ({
  items,
  page: pageNo,
  limit: 10,
  total,
  totalPages: Math.ceil(total / 10),
});

function serve(routes: Record<string, (url: URL, init: RequestInit) => MockRoute>) {
  return mockFetch((raw, init) => {
    const url = new URL(raw, 'http://x');
    const path = url.pathname.replace('/api/v1', '');
    const route = routes[`${init.method ?? 'GET'} ${path}`];
    if (route) return route(url, init);
    if (path.startsWith('/credits/')) return ok(path === '/credits/balance' ? { balance: 55 } : emptyHistory);
    if (path === '/payment/usage') return ok({ balance: 55, spent: 0, hasPurchased: true, plan: { name: 'Credit packs' }, services: [] });
    if (path === '/payment/methods') return ok([]);
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

function renderBilling(path = '/dashboard/account/billing') {
  const auth = fakeAuth({ user: makeUser() });
  return {
    auth,
    ...renderRoutes(
      [
        { path: '/dashboard/account/billing', element: <BillingPage /> },
        { path: '/dashboard/billing', element: <BillingPage /> },
      ],
      { path, auth },
    ),
  };
}

describe('billing: invoices', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists invoices with All sending no status, filters by status and pages', async () => {
    const fetchMock = serve({
      'GET /payment/invoices': (url) => {
        const status = url.searchParams.get('status');
        const pageNo = Number(url.searchParams.get('page'));
        if (status === 'refunded') return ok(page([invoice(99, { status: 'refunded', refundedCents: 900, refundable: false })]));
        return ok(
          page(
            Array.from({ length: pageNo === 1 ? 10 : 2 }, (_, i) => invoice((pageNo - 1) * 10 + i + 1)),
            pageNo,
            12,
          ),
        );
      },
    });
    renderBilling();
    const table = await screen.findByRole('table', { name: 'Invoices, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const first = within(table).getByRole('row', { name: /INV-001001/ });
    expect(first).toHaveTextContent('$9.00');
    expect(first).toHaveTextContent('Paid');
    expect(first).toHaveTextContent('TEST');

    const nav = screen.getByRole('navigation', { name: 'Invoice pages' });
    await userEvent.click(within(nav).getByRole('button', { name: /Next/ }));
    expect(await within(table).findByText('INV-001012')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    expect(await screen.findByText('INV-001099')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Invoices, newest first' })).getByText('Refunded')).toBeInTheDocument();

    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/payment/invoices'));
    expect(urls).toEqual([
      '/api/v1/payment/invoices?page=1&limit=10',
      '/api/v1/payment/invoices?page=2&limit=10',
      '/api/v1/payment/invoices?page=1&limit=10&status=refunded',
    ]);
  });

  it('downloads the PDF receipt from the signed link; pending orders have none', async () => {
    const paid = invoice(1);
    serve({
      'GET /payment/invoices': () =>
        ok(page([paid, invoice(2, { status: 'failed', number: null, description: 'Failed order', refundable: false })])),
      [`GET /payment/invoices/${paid.id}/download`]: () =>
        ok({ url: '/api/v1/files/signed/receipt.pdf?sig=abc', expiresAt: '2026-11-21T10:00:00.000Z' }),
    });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of INV-001001' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/v1/files/signed/receipt.pdf?sig=abc'));
    expect(screen.queryByRole('button', { name: 'Download PDF of Failed order' })).not.toBeInTheDocument();
  });

  it('shows an invoice and sends a refund request, then shows it pending', async () => {
    const paid = invoice(1);
    let requested = false;
    const post = vi.fn((_url: URL, init: RequestInit) => {
      requested = true;
      expect(bodyOf(init)).toEqual({ reason: 'The images were not what I expected.' });
      return ok({
        id: 'rr1',
        status: 'pending',
        reason: 'The images were not what I expected.',
        createdAt: '2026-11-21T09:00:00.000Z',
        decisionNote: null,
      });
    });
    const current = () =>
      requested
        ? invoice(1, {
            refundable: false,
            refundRequest: {
              id: 'rr1',
              status: 'pending',
              reason: 'The images were not what I expected.',
              createdAt: '2026-11-21T09:00:00.000Z',
              decisionNote: null,
            },
          })
        : paid;
    serve({
      'GET /payment/invoices': () => ok(page([current()])),
      [`GET /payment/invoices/${paid.id}`]: () => ok(current()),
      [`POST /payment/invoices/${paid.id}/refund-request`]: post,
    });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of INV-001001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-001001' });
    expect(await within(dialog).findByText('Visa •••• 4242')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request a refund' }));
    await userEvent.type(within(dialog).getByLabelText('Why would you like a refund?'), 'too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('reason must be at least 10 characters')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Why would you like a refund?'));
    await userEvent.type(within(dialog).getByLabelText('Why would you like a refund?'), 'The images were not what I expected.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const state = await within(dialog).findByLabelText('Refund request');
    expect(state).toHaveTextContent('Pending');
    expect(state).toHaveTextContent('The images were not what I expected.');
    expect(post).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Refund requested', expect.anything());
    expect(await screen.findByText('Refund requested')).toBeInTheDocument();
  });

  it('says when a refund is refused by the server', async () => {
    const paid = invoice(1);
    serve({
      'GET /payment/invoices': () => ok(page([paid])),
      [`GET /payment/invoices/${paid.id}`]: () => ok(paid),
      [`POST /payment/invoices/${paid.id}/refund-request`]: () =>
        fail(409, 'Refunds can be requested within 30 days of purchase', 'CONFLICT'),
    });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of INV-001001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-001001' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Request a refund' }));
    await userEvent.type(within(dialog).getByLabelText('Why would you like a refund?'), 'I bought the wrong package.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to request a refund', {
        description: 'Refunds can be requested within 30 days of purchase',
      }),
    );
  });

  it('the return page ?payment=success says thank you and refreshes the balance', async () => {
    serve({ 'GET /payment/invoices': () => ok(page([])) });
    const { auth } = renderBilling('/dashboard/billing?payment=success');
    expect(await screen.findByText(/Thank you! Your payment was received/)).toBeInTheDocument();
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });
});

describe('billing: payment methods', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('makes a card the default and removes one after confirming', async () => {
    let methods = [
      { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, isDefault: true },
      { id: 'pm_2', brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2031, isDefault: false },
    ];
    const fetchMock = serve({
      'GET /payment/invoices': () => ok(page([])),
      'GET /payment/methods': () => ok(methods),
      'POST /payment/methods/pm_2/default': () => {
        methods = methods.map((m) => ({ ...m, isDefault: m.id === 'pm_2' }));
        return ok(null);
      },
      'DELETE /payment/methods/pm_1': () => {
        methods = methods.filter((m) => m.id !== 'pm_1');
        return ok(null);
      },
    });
    renderBilling();
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    expect(within(list).getByText('Visa •••• 4242').parentElement).toHaveTextContent('Default');
    await userEvent.click(within(list).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(within(list).getByText('Mastercard •••• 4444').parentElement).toHaveTextContent('Default'));
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Visa •••• 4242' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(screen.queryByText('Visa •••• 4242')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});
