import { describe, expect, it } from 'vitest';
import { checkTestCard, luhnValid } from './card.ts';

const now = new Date('2026-11-21T12:00:00Z');
const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('luhnValid', () => {
  it('accepts Stripe’s test numbers and refuses a changed digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000002500003155')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });
});

describe('checkTestCard', () => {
  it('accepts the test cards with spaces or dashes and returns display details only', () => {
    expect(checkTestCard(valid, now)).toEqual({
      ok: true,
      number: '4242424242424242',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(checkTestCard({ ...valid, cardNumber: '4000-0025-0000-3155', expiry: '11/2026', cvc: '321' }, now)).toMatchObject({
      ok: true,
      last4: '3155',
    });
  });

  it('takes the expiry as MMYY, MM/YY or MM / YYYY, like Stripe', () => {
    for (const expiry of ['1229', '12/29', '12 / 2029', '122029', ' 12 / 29 ']) {
      expect(checkTestCard({ ...valid, expiry }, now)).toMatchObject({ ok: true, expMonth: 12, expYear: 2029 });
    }
  });

  it('the current month is still valid, last month is not', () => {
    expect(checkTestCard({ ...valid, expiry: '11/26' }, now).ok).toBe(true);
    expect(checkTestCard({ ...valid, expiry: '10/26' }, now)).toEqual({
      ok: false,
      message: "Your card's expiration date is in the past.",
    });
  });

  it('names each problem', () => {
    expect(checkTestCard({ ...valid, cardNumber: 'abcd' }, now)).toEqual({ ok: false, message: 'Your card number is invalid.' });
    expect(checkTestCard({ ...valid, expiry: '1334' }, now)).toEqual({
      ok: false,
      message: "Your card's expiration date is invalid. Use MM/YY.",
    });
    expect(checkTestCard({ ...valid, expiry: '12/3' }, now)).toEqual({ ok: false, message: "Your card's expiration date is incomplete." });
    expect(checkTestCard({ ...valid, cvc: '12345' }, now)).toEqual({ ok: false, message: "Your card's security code is invalid." });
    // A Visa card has a 3-digit code; only American Express has 4.
    expect(checkTestCard({ ...valid, cvc: '1234' }, now)).toEqual({ ok: false, message: "Your card's security code is invalid." });
    expect(checkTestCard({ ...valid, cardNumber: '5555555555554444' }, now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a Stripe test card'),
    });
  });
});
