import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/index.ts';
import { createCryptoReconciler } from './crypto-reconciler.ts';
import { loadCryptoConfig } from '../../../config/nowpayments.ts';

const configError = (message: string) => new Error(message);

describe('NOWPAYMENTS_* configuration', () => {
  it('no API key is test mode; a key needs the IPN secret; the API URL defaults to the real one', () => {
    expect(loadCryptoConfig({}, configError)).toEqual({ nowpayments: null });
    expect(loadCryptoConfig({ NOWPAYMENTS_API_KEY: '' }, configError)).toEqual({ nowpayments: null });
    expect(() => loadCryptoConfig({ NOWPAYMENTS_API_KEY: 'key' }, configError)).toThrow(
      'Invalid environment variable NOWPAYMENTS_IPN_SECRET: is required when NOWPAYMENTS_API_KEY is set',
    );
    expect(loadCryptoConfig({ NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'secret' }, configError)).toEqual({
      nowpayments: { apiKey: 'key', ipnSecret: 'secret', apiUrl: 'https://api.nowpayments.io/v1' },
    });
    expect(
      loadCryptoConfig(
        { NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'secret', NOWPAYMENTS_API_URL: 'https://api-sandbox.nowpayments.io/v1/' },
        configError,
      ).nowpayments?.apiUrl,
    ).toBe('https://api-sandbox.nowpayments.io/v1');
    expect(() => loadCryptoConfig({ NOWPAYMENTS_API_URL: 'ftp://x' }, configError)).toThrow(
      'Invalid environment variable NOWPAYMENTS_API_URL: must be an http(s) URL',
    );
  });

  it('is part of loadConfig', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/lumen-crypto-config-test', JWT_SECRET: 'x'.repeat(40) } as NodeJS.ProcessEnv;
    expect(loadConfig(env).crypto).toEqual({ nowpayments: null });
    expect(() => loadConfig({ ...env, NOWPAYMENTS_API_KEY: 'key' })).toThrow('NOWPAYMENTS_IPN_SECRET');
  });
});

describe('periodic reconciliation', () => {
  it('runs passes on its interval, never two at once, and stop waits for the running one', async () => {
    let running = 0;
    let maxRunning = 0;
    let passes = 0;
    const reconciler = createCryptoReconciler({
      service: {
        reconcileOnce: async () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((resolve) => setTimeout(resolve, 45));
          running--;
          passes++;
          return 0;
        },
      },
      log: { warn: () => undefined },
      intervalMs: 10,
    });
    reconciler.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await reconciler.stop();
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(maxRunning).toBe(1);
    expect(running).toBe(0);
    const after = passes;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes).toBe(after);
  });
});
