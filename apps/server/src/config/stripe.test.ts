import { describe, expect, it } from 'vitest';
import { loadStripeConfig } from './stripe.ts';

const configError = (message: string) => new Error(message);

describe('loadStripeConfig', () => {
  it('no STRIPE_SECRET_KEY (or an empty one) is test mode', () => {
    expect(loadStripeConfig({}, configError)).toBeNull();
    expect(loadStripeConfig({ STRIPE_SECRET_KEY: '  ' }, configError)).toBeNull();
  });

  it('a secret key needs the webhook secret and the publishable key, named in one line', () => {
    expect(() => loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, configError)).toThrow(
      'Invalid environment variable STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
    );
    expect(() => loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, configError)).toThrow(
      'Invalid environment variable STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set',
    );
  });

  it('reads all four, trimming the API base', () => {
    expect(
      loadStripeConfig(
        {
          STRIPE_SECRET_KEY: 'sk_test_1',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
          STRIPE_WEBHOOK_SECRET: 'whsec_1',
          STRIPE_API_BASE: 'http://127.0.0.1:12111/',
        },
        configError,
      ),
    ).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111' });
  });

  it('a malformed STRIPE_API_BASE is refused', () => {
    expect(() => loadStripeConfig({ STRIPE_API_BASE: 'localhost:12111' }, configError)).toThrow(
      'Invalid environment variable STRIPE_API_BASE: must be an http(s) URL',
    );
  });
});
