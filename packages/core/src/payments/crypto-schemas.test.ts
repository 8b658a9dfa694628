import { describe, expect, it } from 'vitest';
import { cryptoCreditsRequestSchema, cryptoEstimateQuerySchema, cryptoStatusValues, tickerSchema } from './crypto.ts';

describe('crypto route schemas', () => {
  it('takes tickers in any case and refuses anything else', () => {
    expect(tickerSchema.parse(' usdttrc20 ')).toBe('usdttrc20');
    for (const bad of ['', 'b', 'btc; drop', 'x'.repeat(21)]) expect(tickerSchema.safeParse(bad).success).toBe(false);
  });

  it('reads the estimate query from strings', () => {
    expect(cryptoEstimateQuerySchema.parse({ amount: '49.5', fromCurrency: 'usd', toCurrency: 'BTC' })).toEqual({
      amount: 49.5,
      fromCurrency: 'usd',
      toCurrency: 'BTC',
    });
    expect(cryptoEstimateQuerySchema.safeParse({ amount: '0', fromCurrency: 'usd', toCurrency: 'btc' }).success).toBe(false);
  });

  it('is the card payment request plus payCurrency', () => {
    const body = {
      paymentType: 'CREDIT_PURCHASE',
      creditPackageId: '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11',
      amount: 49,
      currency: 'usd',
      description: '350 Credits',
      payCurrency: 'BTC',
    };
    expect(cryptoCreditsRequestSchema.parse(body)).toEqual(body);
    for (const paymentType of ['GIFT', 'SUBSCRIPTION']) {
      expect(cryptoCreditsRequestSchema.safeParse({ ...body, paymentType }).error?.issues[0]?.message).toBe(
        'paymentType must be CREDIT_PURCHASE: this route takes crypto payments for credit packages only',
      );
    }
    expect(cryptoStatusValues).toEqual([
      'WAITING',
      'CONFIRMING',
      'CONFIRMED',
      'SENDING',
      'PARTIALLY_PAID',
      'FINISHED',
      'FAILED',
      'REFUNDED',
      'EXPIRED',
    ]);
  });
});
