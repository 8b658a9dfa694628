import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { bodyOf } from '../test/payment-fixtures.tsx';
import { TestCardForm } from './test-card-form.tsx';

function renderForm() {
  const confirm = vi.fn((init: RequestInit) => {
    void init;
    return ok({ status: 'succeeded' });
  });
  const fetchMock = mockFetch((url, init) => {
    if (new URL(url, 'http://x').pathname === '/api/v1/payment/test-mode/card/confirm') return confirm(init);
    throw new Error(`unexpected request ${url}`);
  });
  const onResult = vi.fn();
  render(<TestCardForm clientSecret="pi_test_1_secret_abc" amountLabel="$9" onResult={onResult} onError={vi.fn()} />);
  return { confirm, fetchMock, onResult };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const number = () => field('Card number');
const expiry = () => field('Expiry (MM/YY)');
const cvc = () => field('CVC');
const name = () => field('Name on card');
/** The message beside a field: the element its aria-describedby names. */
const messageOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe('test card form: typing like Stripe', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('groups the number in fours as it is typed, and American Express as 4-6-5', async () => {
    renderForm();
    await userEvent.type(number(), '42424');
    expect(number()).toHaveValue('4242 4');
    await userEvent.type(number(), '24242424242999');
    expect(number()).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    await userEvent.clear(number());
    await userEvent.type(number(), '378282246310005');
    expect(number()).toHaveValue('3782 822463 10005');
    expect(screen.getByText('American Express')).toBeInTheDocument();
  });

  it('groups a pasted number, whatever separators it came with', async () => {
    renderForm();
    await userEvent.click(number());
    await userEvent.paste('4000-0025-0000-3155');
    expect(number()).toHaveValue('4000 0025 0000 3155');
  });

  it('backspace over a space deletes the digit before it', async () => {
    renderForm();
    await userEvent.type(number(), '42424');
    await userEvent.type(number(), '{Backspace}');
    expect(number()).toHaveValue('4242');
    await userEvent.type(number(), '5', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(number()).toHaveValue('4242 5');
  });

  it.each([
    ['1229', '12 / 29'],
    ['12/29', '12 / 29'],
    ['12 / 2029', '12 / 2029'],
    ['4/29', '04 / 29'],
  ])('takes the expiry typed as %s (shown as %s)', async (typed, shown) => {
    renderForm();
    await userEvent.type(expiry(), typed);
    expect(expiry()).toHaveValue(shown);
    await userEvent.tab();
    expect(expiry()).not.toHaveAttribute('aria-invalid');
    expect(messageOf(expiry())).toBeNull();
  });

  it.each(['12/29', '12 / 2029', '122029'])('takes the expiry pasted as %s', async (pasted) => {
    renderForm();
    await userEvent.click(expiry());
    await userEvent.paste(pasted);
    expect(expiry()).toHaveValue(pasted === '12/29' ? '12 / 29' : '12 / 2029');
  });

  it('backspace after the slash leaves the month', async () => {
    renderForm();
    await userEvent.type(expiry(), '122{Backspace}');
    expect(expiry()).toHaveValue('12');
  });

  it('asks a 3-digit CVC of Visa and a 4-digit one of American Express', async () => {
    renderForm();
    await userEvent.type(number(), '4242424242424242');
    await userEvent.type(cvc(), '12345');
    expect(cvc()).toHaveValue('123');
    expect(cvc()).toHaveAttribute('maxlength', '3');
    expect(screen.getByText('The 3 digits on the back of the card')).toBeInTheDocument();
    await userEvent.clear(number());
    await userEvent.type(number(), '378282246310005');
    expect(cvc()).toHaveAttribute('maxlength', '4');
    expect(cvc()).toHaveAttribute('placeholder', '1234');
    // Three digits are too few for American Express once the field has been left.
    await userEvent.click(cvc());
    await userEvent.tab();
    expect(messageOf(cvc())).toBe("Your card's security code is incomplete.");
    await userEvent.type(cvc(), '4');
    expect(cvc()).toHaveValue('1234');
    await waitFor(() => expect(messageOf(cvc())).toBe('The 4 digits on the front of the card'));
  });

  it('names the browser autofill fields', () => {
    renderForm();
    expect(number()).toHaveAttribute('autocomplete', 'cc-number');
    expect(expiry()).toHaveAttribute('autocomplete', 'cc-exp');
    expect(cvc()).toHaveAttribute('autocomplete', 'cc-csc');
    expect(name()).toHaveAttribute('autocomplete', 'cc-name');
    expect(number()).toHaveAttribute('inputmode', 'numeric');
  });

  it('shows each error beside its field only after the field is left', async () => {
    renderForm();
    await userEvent.type(number(), '4242 4242');
    expect(messageOf(number())).toBe('Visa');
    expect(number()).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(messageOf(number())).toBe('Your card number is incomplete.');
    expect(number()).toHaveAttribute('aria-invalid', 'true');
    // Still untouched fields stay quiet.
    expect(messageOf(expiry())).toBeNull();
    await userEvent.type(expiry(), '1020');
    await userEvent.tab();
    expect(messageOf(expiry())).toBe("Your card's expiration date is in the past.");
    await userEvent.clear(expiry());
    await userEvent.type(expiry(), '13');
    await userEvent.tab();
    expect(messageOf(expiry())).toBe("Your card's expiration date is incomplete.");
    await userEvent.click(name());
    await userEvent.tab();
    expect(messageOf(name())).toBe('Enter the name on the card.');
    // Once a field has a message, correcting it clears the message as it is typed.
    await userEvent.type(number(), '4242 4243');
    expect(messageOf(number())).toBe('Your card number is invalid.');
    await userEvent.type(number(), '{Backspace}2');
    await waitFor(() => expect(messageOf(number())).toBe('Visa'));
  });

  it('sends the digits, the expiry as MM/YY and the name', async () => {
    const { confirm, onResult } = renderForm();
    await userEvent.type(number(), '4242424242424242');
    await userEvent.type(expiry(), '12 / 2034');
    await userEvent.type(cvc(), '123');
    await userEvent.type(name(), ' Ada Lovelace ');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $9' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(bodyOf(confirm.mock.calls[0]![0])).toEqual({
      clientSecret: 'pi_test_1_secret_abc',
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
      name: 'Ada Lovelace',
    });
    await waitFor(() => expect(onResult).toHaveBeenCalledWith({ status: 'succeeded' }));
  });

  it('a submit with empty fields sends nothing and names every field', async () => {
    const { confirm } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $9' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the card.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
