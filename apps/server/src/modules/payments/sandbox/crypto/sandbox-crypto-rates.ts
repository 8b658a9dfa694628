import { CryptoProviderError } from '../../crypto/index.ts';

/**
 * Fixed reference rates of the offline test provider, in US dollars per coin. They are test
 * rates, not market prices: only test-mode payments (no real money) are priced with them.
 */
export const SANDBOX_CRYPTO_RATES_USD: Readonly<Record<string, number>> = {
  btc: 60_000,
  eth: 3_000,
  usdt: 1,
  usdttrc20: 1,
  usdterc20: 1,
  usdc: 1,
  bnb: 600,
  trx: 0.12,
  sol: 150,
  ada: 0.45,
  matic: 0.7,
  ltc: 80,
  bch: 400,
  doge: 0.15,
  busd: 1,
  dai: 1,
  xrp: 0.6,
  dot: 7,
  avax: 30,
  xmr: 160,
  etc: 25,
  xlm: 0.11,
  atom: 8,
  link: 15,
  ton: 5,
  dash: 30,
};

const FIAT = new Set(['usd']);

export const isFiat = (ticker: string) => FIAT.has(ticker);

export const isSandboxCoin = (ticker: string) => Object.hasOwn(SANDBOX_CRYPTO_RATES_USD, ticker);

export function roundCrypto(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

/** US dollars per unit of a coin or of the dollar; any other currency is refused like NOWPayments refuses it. */
export function rateOf(ticker: string): number {
  const lower = ticker.toLowerCase();
  if (FIAT.has(lower)) return 1;
  // Own keys only: 'constructor' or '__proto__' would otherwise find Object.prototype's members.
  const rate = isSandboxCoin(lower) ? SANDBOX_CRYPTO_RATES_USD[lower] : undefined;
  if (rate === undefined) {
    throw new CryptoProviderError(`Currency ${ticker.toUpperCase()} is not supported by the test provider`, {
      status: 400,
      retryable: false,
    });
  }
  return rate;
}
