import { describe, expect, it } from 'vitest';
import { cryptoBelowMinimumMessage, isCryptoOffered } from './crypto.ts';

describe('crypto offer rule', () => {
  it('offers crypto only for credit purchases above 19.20', () => {
    expect(isCryptoOffered('CREDIT_PURCHASE', 19.2)).toBe(false);
    expect(isCryptoOffered('CREDIT_PURCHASE', 19.21)).toBe(true);
    expect(isCryptoOffered('SUBSCRIPTION', 49)).toBe(false);
  });

  it('takes the configured threshold (Admin › Settings), still strictly above it', () => {
    expect(isCryptoOffered('CREDIT_PURCHASE', 9, 5)).toBe(true);
    expect(isCryptoOffered('CREDIT_PURCHASE', 5, 5)).toBe(false);
    expect(isCryptoOffered('CREDIT_PURCHASE', 49, 50)).toBe(false);
    expect(isCryptoOffered('SUBSCRIPTION', 49, 0)).toBe(false);
    expect(cryptoBelowMinimumMessage()).toBe('Crypto payments are available for amounts above $19.20');
    expect(cryptoBelowMinimumMessage(50)).toBe('Crypto payments are available for amounts above $50.00');
  });
});
