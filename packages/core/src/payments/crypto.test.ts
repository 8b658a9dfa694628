import { describe, expect, it } from 'vitest';
import { isCryptoOffered, isStableTicker, orderCryptoCurrencies } from './crypto.ts';

describe('crypto rules (SPEC.md §5, §9)', () => {
  it('offers crypto only for credit purchases above 19.20', () => {
    expect(isCryptoOffered('CREDIT_PURCHASE', 19.2)).toBe(false);
    expect(isCryptoOffered('CREDIT_PURCHASE', 19.21)).toBe(true);
    expect(isCryptoOffered('SUBSCRIPTION', 49)).toBe(false);
  });

  it('knows the stable tickers', () => {
    expect(['USDT', 'USDTTRC20', 'USDTERC20', 'USDC', 'BUSD', 'DAI'].every(isStableTicker)).toBe(true);
    expect(isStableTicker('BTC')).toBe(false);
  });

  it('orders popular first, then stable, then by ticker, top 24', () => {
    const many = Array.from({ length: 40 }, (_, i) => `Z${String(i).padStart(2, '0')}`);
    const ordered = orderCryptoCurrencies(['zec', 'DAI', 'btc', 'BUSD', 'USDC', 'AAA', ...many]);
    expect(ordered).toHaveLength(24);
    expect(ordered.slice(0, 5).map((c) => c.ticker)).toEqual(['USDC', 'BTC', 'BUSD', 'DAI', 'AAA']);
    expect(ordered[1]).toEqual({ ticker: 'BTC', name: 'Bitcoin', is_popular: true, is_stable: false });
    expect(ordered[2]).toMatchObject({ is_popular: false, is_stable: true });
  });
});
