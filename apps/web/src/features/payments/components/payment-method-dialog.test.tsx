import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePackage } from '@/test/credits-fixtures.ts';
import { PaymentMethodDialog } from './payment-method-dialog.tsx';

function renderDialog(price: number) {
  const onChoose = vi.fn();
  render(<PaymentMethodDialog pkg={makePackage(price, 100)} cardName="Test" open onOpenChange={() => undefined} onChoose={onChoose} />);
  return onChoose;
}

describe('payment-method choice', () => {
  it('offers card and crypto above 19.20', async () => {
    const onChoose = renderDialog(19.21);
    expect(screen.getByText('Choose your preferred payment method to complete the purchase.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Credit or Debit Card/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Cryptocurrency/ }));
    expect(onChoose).toHaveBeenCalledWith('crypto');
  });

  it.each([19.2, 19, 9, 5])('offers only card at $%s', async (price) => {
    const onChoose = renderDialog(price);
    expect(screen.queryByRole('button', { name: /Cryptocurrency/ })).not.toBeInTheDocument();
    expect(screen.getByText('Cryptocurrency payment is available for purchases above $19.20.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Credit or Debit Card/ }));
    expect(onChoose).toHaveBeenCalledWith('card');
  });
});
