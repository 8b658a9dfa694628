/**
 * The fields of a card form, as Stripe's own form reads them: the brand from the first digits, the
 * number grouped by brand, the expiry as MMYY, MM/YY or MM / YYYY, the CVC's length by brand.
 * Shared by the test-mode card dialog (formatting as typed, messages on leaving a field) and the
 * test-mode provider (the same checks on the server).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export const cardBrandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** The brand a number's first digits name (issuer ranges as Stripe detects them). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(30[0-5]|36|38|39)/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Where the spaces go: American Express 4-6-5, Diners Club 4-6-4, every other brand in fours. */
const groupsByBrand: Partial<Record<CardBrand, number[]>> = { amex: [4, 6, 5], diners: [4, 6, 4] };
/** How many digits a number of the brand has (the longest the form lets one type). */
export function cardNumberLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  if (brand === 'unionpay' || brand === 'unknown') return 19;
  return 16;
}
/** American Express prints a 4-digit code on the front; every other brand a 3-digit one on the back. */
export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

/** The Luhn checksum every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const onlyDigits = (text: string): string => text.replace(/\D/g, '');

/** `4242424242424242` → `4242 4242 4242 4242`; `378282246310005` → `3782 822463 10005`; cut at the brand's length. */
export function formatCardNumber(text: string): string {
  const brand = cardBrand(onlyDigits(text));
  const digits = onlyDigits(text).slice(0, cardNumberLength(brand));
  const groups = groupsByBrand[brand] ?? [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * The digits of an expiry as typed, month first: `1229`, `12/29`, `12 / 2029`, `1/29` (a one-digit
 * month before the slash gets its zero). A first digit of 2–9 can only be a month, so `4` is `04`.
 */
export function expiryDigits(text: string): string {
  const slash = text.indexOf('/');
  let digits: string;
  if (slash >= 0) {
    let month = onlyDigits(text.slice(0, slash));
    if (month.length === 1) month = `0${month}`;
    digits = month + onlyDigits(text.slice(slash + 1));
  } else {
    digits = onlyDigits(text);
  }
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  else if (/^1[3-9]/.test(digits)) digits = `0${digits}`;
  return digits.slice(0, 6);
}

/** The expiry as the form shows it while typing: `12`, `12 / 2`, `12 / 29`, `12 / 2029`. */
export function formatExpiry(text: string): string {
  const digits = expiryDigits(text);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type ExpiryCheck = { ok: true; month: number; year: number } | { ok: false; message: string };

export const cardFieldMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid. Use MM/YY.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  nameMissing: 'Enter the name on the card.',
} as const;

/** An expiry as MMYY or MMYYYY (any spaces and one slash), not before the current month. */
export function checkExpiry(text: string, now: Date): ExpiryCheck {
  if (!/^[\d\s/]*$/.test(text) || (text.match(/\//g)?.length ?? 0) > 1) return { ok: false, message: cardFieldMessages.expiryInvalid };
  const digits = expiryDigits(text);
  if (digits.length < 4) return { ok: false, message: cardFieldMessages.expiryIncomplete };
  if (digits.length === 5 || onlyDigits(text).length > 6) return { ok: false, message: cardFieldMessages.expiryInvalid };
  const month = Number(digits.slice(0, 2));
  const year = digits.length === 4 ? 2000 + Number(digits.slice(2)) : Number(digits.slice(2));
  if (month < 1 || month > 12 || year < 2000) return { ok: false, message: cardFieldMessages.expiryInvalid };
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, message: cardFieldMessages.expiryPast };
  return { ok: true, month, year };
}
