import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { createCryptoPaymentsService } from './crypto-payments.service.ts';
import { CryptoProviderError } from './crypto-provider.ts';
import type { CryptoProvider } from './crypto-provider.ts';

function serviceWith(provider: Pick<CryptoProvider, 'listCurrencies' | 'describeCurrencies'>) {
  const log = { warn: vi.fn(), info: vi.fn() };
  const service = createCryptoPaymentsService({
    // The currency list never reads the database.
    db: {} as Db,
    provider: { testMode: false, ...provider } as CryptoProvider,
    publicUrl: 'https://lumen.example',
    log,
  });
  return { service, log };
}

describe('GET /payment/crypto/currencies from the provider', () => {
  it('answers upper-case tickers and the provider’s names of them, in the list’s order', async () => {
    const { service } = serviceWith({
      listCurrencies: async () => ['btc', 'usdttrc20', 'xmr', 'BTC'],
      describeCurrencies: async () => [
        { ticker: 'usdttrc20', name: 'Tether USD (Tron)', network: 'trx' },
        { ticker: 'btc', name: 'Bitcoin', network: 'btc' },
        { ticker: 'doge', name: 'Dogecoin', network: 'doge' },
      ],
    });
    expect(await service.listCurrencies()).toEqual({
      currencies: ['BTC', 'USDTTRC20', 'XMR'],
      details: [
        { ticker: 'BTC', name: 'Bitcoin', network: 'btc' },
        { ticker: 'USDTTRC20', name: 'Tether USD (Tron)', network: 'trx' },
      ],
    });
  });

  it('still lists the tickers when the names cannot be read, and says so in the log', async () => {
    const failure = new CryptoProviderError('NOWPayments GET /full-currencies failed with 500: down', { status: 500, retryable: true });
    const { service, log } = serviceWith({ listCurrencies: async () => ['btc'], describeCurrencies: () => Promise.reject(failure) });
    expect(await service.listCurrencies()).toEqual({ currencies: ['BTC'], details: [] });
    expect(log.warn).toHaveBeenCalledWith({ err: failure }, expect.stringContaining('names could not be read'));
    expect(await serviceWith({ listCurrencies: async () => ['btc'] }).service.listCurrencies()).toEqual({
      currencies: ['BTC'],
      details: [],
    });
  });

  it('is a 503 with the usual message when the list itself cannot be read', async () => {
    const { service } = serviceWith({
      listCurrencies: () =>
        Promise.reject(new CryptoProviderError('NOWPayments is unreachable (GET /merchant/coins)', { retryable: true })),
    });
    await expect(service.listCurrencies()).rejects.toMatchObject({
      statusCode: 503,
      message: 'Crypto payments are unavailable right now. Please try again later.',
    });
  });
});
