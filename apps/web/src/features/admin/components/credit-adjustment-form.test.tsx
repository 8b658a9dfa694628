import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { fail, headersOf, mockFetch, ok } from '@/test/fetch-mock.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { CreditAdjustmentForm } from './credit-adjustment-form.tsx';

const userId = '11111111-1111-4111-8111-111111111111';
const routes = [{ path: '/', element: <CreditAdjustmentForm userId={userId} userName="Ada Lovelace" balance={5} /> }];

describe('admin credit adjustment', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    vi.mocked(toast.success).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires a reason and sends nothing without one', async () => {
    const fetchMock = mockFetch(() => ok(null));
    renderRoutes(routes, { auth: fakeAuth() });
    await userEvent.type(screen.getByLabelText('Amount'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByText('The reason must be at least 3 characters')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an amount of 0 or an empty amount', async () => {
    const fetchMock = mockFetch(() => ok(null));
    renderRoutes(routes, { auth: fakeAuth() });
    await userEvent.type(screen.getByLabelText('Reason'), 'goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByText('Enter an amount')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByText('Amount cannot be 0')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms, then posts the amount and reason with an Idempotency-Key', async () => {
    const fetchMock = mockFetch(() => ({
      status: 201,
      body: {
        success: true,
        data: {
          entry: {
            id: 'l1',
            amount: -3,
            balanceAfter: 2,
            kind: 'admin_adjustment',
            description: 'Admin adjustment: refund',
            serviceKey: null,
            createdAt: '2025-01-01T00:00:00.000Z',
          },
          balance: 2,
        },
        message: 'Credits adjusted',
      },
    }));
    renderRoutes(routes, { auth: fakeAuth() });
    await userEvent.type(screen.getByLabelText('Amount'), '-3');
    await userEvent.type(screen.getByLabelText('Reason'), 'duplicate grant');
    await userEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deduct 3 credits?' });
    expect(within(dialog).getByText("Ada Lovelace's balance goes from 5 to 2.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deduct credits' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Credits adjusted', { description: 'New balance: 2 credits' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/admin/users/${userId}/credits`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ amount: -3, reason: 'duplicate grant' });
    expect(headersOf(init)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's message on 409", async () => {
    mockFetch(() => fail(409, 'Adjustment would make the balance negative (current balance 5)', 'CONFLICT'));
    renderRoutes(routes, { auth: fakeAuth() });
    await userEvent.type(screen.getByLabelText('Amount'), '-50');
    await userEvent.type(screen.getByLabelText('Reason'), 'clawback');
    await userEvent.click(screen.getByRole('button', { name: 'Review adjustment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Deduct credits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Adjustment would make the balance negative (current balance 5)');
    expect(toast.error).toHaveBeenCalledWith('Failed to adjust credits', {
      description: 'Adjustment would make the balance negative (current balance 5)',
    });
  });
});
