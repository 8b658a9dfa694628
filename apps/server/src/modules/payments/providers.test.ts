import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/build-test-app.ts';
import { paymentsAvailability, paymentsStartupWarnings } from './providers.ts';

const stripe = { secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecret: 'whsec_x', apiBase: null };
const nowpayments = { apiKey: 'np', ipnSecret: 'ipn', apiUrl: 'https://api.nowpayments.io/v1' };

describe('payments at start-up', () => {
  it('a production server without keys or sandbox names the missing variables in one line', () => {
    const config = testConfig('/tmp/unused', { nodeEnv: 'production', paymentsSandbox: false });
    expect(paymentsAvailability(config)).toEqual({ card: false, crypto: false });
    expect(paymentsStartupWarnings(config)).toEqual([
      'Payments not configured (their routes answer 503): set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, ' +
        'NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET (or PAYMENTS_SANDBOX=true for test mode)',
    ]);
  });

  it('judges card and crypto separately', () => {
    const config = testConfig('/tmp/unused', { nodeEnv: 'production', paymentsSandbox: false, stripe });
    expect(paymentsAvailability(config)).toEqual({ card: true, crypto: false });
    expect(paymentsStartupWarnings(config)).toEqual([
      'Payments not configured (their routes answer 503): set NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET (or PAYMENTS_SANDBOX=true for test mode)',
    ]);
  });

  it('a production server on the sandbox says so in one warning line', () => {
    const config = testConfig('/tmp/unused', { nodeEnv: 'production', paymentsSandbox: true, crypto: { nowpayments } });
    expect(paymentsStartupWarnings(config)).toEqual([
      'PAYMENTS_SANDBOX=true: card payments run in test mode and grant credits without any money paid',
    ]);
  });

  it('says nothing with every key, or in development on the sandbox', () => {
    expect(
      paymentsStartupWarnings(
        testConfig('/tmp/unused', { nodeEnv: 'production', paymentsSandbox: false, stripe, crypto: { nowpayments } }),
      ),
    ).toEqual([]);
    expect(paymentsStartupWarnings(testConfig('/tmp/unused', { nodeEnv: 'development', paymentsSandbox: true }))).toEqual([]);
  });
});
