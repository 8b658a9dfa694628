import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePackage } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { testModeConfig } from '../test/payment-fixtures.tsx';
import { PaymentMethodDialog } from './payment-method-dialog.tsx';

/** GET /payment/config answers the threshold an admin set on /admin/settings (or fails). */
function serveThreshold(cryptoMinimumAmount: number | 'down') {
  return mockFetch((url) => {
    if (new URL(url, 'http://x').pathname === '/api/v1/payment/config') {
      return cryptoMinimumAmount === 'down'
        ? fail(503, 'Service unavailable', 'SERVICE_UNAVAILABLE')
        : ok({ ...testModeConfig, cryptoMinimumAmount });
    }
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

function renderDialog(price: number) {
  const onChoose = vi.fn();
  const element = (
    <PaymentMethodDialog pkg={makePackage(price, 100)} cardName="Test" open onOpenChange={() => undefined} onChoose={onChoose} />
  );
  renderRoutes([{ path: '/', element }]);
  return onChoose;
}

const cardOnlyNote = (amount: string, timeout = 1000) =>
  screen.findByText(`Cryptocurrency payment is available for purchases above ${amount}.`, {}, { timeout });

describe('payment-method choice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers card and crypto above 19.20 (the default threshold)', async () => {
    serveThreshold(19.2);
    const onChoose = renderDialog(19.21);
    expect(screen.getByText('Choose your preferred payment method to complete the purchase.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Credit or Debit Card/ })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Cryptocurrency/ }));
    expect(onChoose).toHaveBeenCalledWith('crypto');
  });

  it.each([19.2, 19, 9, 5])('offers only card at $%s', async (price) => {
    serveThreshold(19.2);
    const onChoose = renderDialog(price);
    expect(await cardOnlyNote('$19.20')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cryptocurrency/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Credit or Debit Card/ }));
    expect(onChoose).toHaveBeenCalledWith('card');
  });

  it('follows a lowered threshold: a $9 package can be paid by crypto when the admin set $5', async () => {
    serveThreshold(5);
    const onChoose = renderDialog(9);
    await userEvent.click(await screen.findByRole('button', { name: /Cryptocurrency/ }));
    expect(onChoose).toHaveBeenCalledWith('crypto');
    expect(screen.queryByText(/Cryptocurrency payment is available for purchases above/)).not.toBeInTheDocument();
  });

  it('follows a raised threshold: a $49 package is card-only when the admin set $50.50', async () => {
    serveThreshold(50.5);
    renderDialog(49);
    expect(await cardOnlyNote('$50.50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cryptocurrency/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Credit or Debit Card/ })).toBeInTheDocument();
  });

  it('falls back to $19.20 when the configuration cannot be read', async () => {
    serveThreshold('down');
    renderDialog(19);
    // After the one retry of a 5xx.
    expect(await cardOnlyNote('$19.20', 4000)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cryptocurrency/ })).not.toBeInTheDocument();
  });
});
