import { describe, expect, it } from 'vitest';
import { cardBrand, checkExpiry, cvcLength, expiryDigits, formatCardNumber, formatExpiry } from './card-fields.ts';

const now = new Date('2026-11-21T12:00:00Z');

describe('card brand and number', () => {
  it('names the brand from the first digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('2223')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('3400')).toBe('amex');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('3056')).toBe('diners');
    expect(cardBrand('3566')).toBe('jcb');
    expect(cardBrand('6200')).toBe('unionpay');
    expect(cardBrand('9')).toBe('unknown');
  });

  it('groups the number by brand and cuts it at the brand length', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x4242 99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
    expect(formatCardNumber('30569309025904')).toBe('3056 930902 5904');
    expect(formatCardNumber('')).toBe('');
  });

  it('asks 4 CVC digits of American Express and 3 of the others', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(cvcLength('unknown')).toBe(3);
  });
});

describe('expiry', () => {
  it('reads the month first, in every way people type it', () => {
    expect(expiryDigits('1229')).toBe('1229');
    expect(expiryDigits('12/29')).toBe('1229');
    expect(expiryDigits('12 / 2029')).toBe('122029');
    expect(expiryDigits('1/29')).toBe('0129');
    expect(expiryDigits('4')).toBe('04');
    expect(expiryDigits('13')).toBe('013');
    expect(expiryDigits('1')).toBe('1');
  });

  it('shows the slash once the year begins', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12 / 2');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(formatExpiry('12/2029')).toBe('12 / 2029');
    expect(formatExpiry('5')).toBe('05');
  });

  it('accepts MMYY, MM/YY and MM / YYYY up to the current month and names each problem', () => {
    for (const text of ['1229', '12/29', '12 / 2029', '12/2029'])
      expect(checkExpiry(text, now)).toEqual({ ok: true, month: 12, year: 2029 });
    expect(checkExpiry('11/26', now)).toEqual({ ok: true, month: 11, year: 2026 });
    expect(checkExpiry('10/26', now)).toEqual({ ok: false, message: "Your card's expiration date is in the past." });
    expect(checkExpiry('12/2', now)).toEqual({ ok: false, message: "Your card's expiration date is incomplete." });
    expect(checkExpiry('', now)).toEqual({ ok: false, message: "Your card's expiration date is incomplete." });
    expect(checkExpiry('00/29', now)).toEqual({ ok: false, message: "Your card's expiration date is invalid. Use MM/YY." });
    expect(checkExpiry('12/202', now)).toEqual({ ok: false, message: "Your card's expiration date is invalid. Use MM/YY." });
    expect(checkExpiry('12-29', now)).toEqual({ ok: false, message: "Your card's expiration date is invalid. Use MM/YY." });
    expect(checkExpiry('1/2/29', now)).toEqual({ ok: false, message: "Your card's expiration date is invalid. Use MM/YY." });
  });
});
