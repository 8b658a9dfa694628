import { describe, expect, it } from 'vitest';
import {
  cryptoDisplayNames,
  isPopularTicker,
  isStableTicker,
  popularTickers,
  searchCryptoCurrencies,
  sortedCryptoCurrencies,
  topCryptoCurrencies,
} from './crypto-currencies.ts';

describe('crypto currencies', () => {
  it('lists the fourteen popular tickers the dialog offers first', () => {
    expect([...popularTickers]).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'USDTTRC20',
      'USDTERC20',
      'USDC',
      'BNB',
      'TRX',
      'SOL',
      'ADA',
      'MATIC',
      'LTC',
      'BCH',
      'DOGE',
    ]);
    expect(isPopularTicker('btc')).toBe(true);
    expect(isPopularTicker('XRP')).toBe(false);
  });

  it('knows the stable tickers: USDT variants, USDC, BUSD, DAI', () => {
    expect(['USDT', 'USDTTRC20', 'USDTERC20', 'usdtbsc', 'USDC', 'BUSD', 'DAI'].every(isStableTicker)).toBe(true);
    expect(['BTC', 'ETH', 'TUSD', 'USDP'].some(isStableTicker)).toBe(false);
  });

  it('names about thirty tickers', () => {
    expect(Object.keys(cryptoDisplayNames).length).toBeGreaterThanOrEqual(28);
    expect(cryptoDisplayNames.BTC).toBe('Bitcoin');
  });

  it('keeps the top 24: popular, then stable, then by ticker, upper-cased and without duplicates', () => {
    const many = Array.from({ length: 40 }, (_, i) => `Z${String(i).padStart(2, '0')}`);
    const list = topCryptoCurrencies(['zec', 'DAI', 'btc', 'BTC', 'BUSD', 'usdc', 'AAA', 'eth', ...many]);
    expect(list).toHaveLength(24);
    expect(list.slice(0, 7).map((c) => c.ticker)).toEqual(['USDC', 'BTC', 'ETH', 'BUSD', 'DAI', 'AAA', 'Z00']);
    expect(list[1]).toEqual({ ticker: 'BTC', name: 'Bitcoin', is_popular: true, is_stable: false });
    expect(list[3]).toEqual({ ticker: 'BUSD', name: 'Binance USD', is_popular: false, is_stable: true });
    expect(list.find((c) => c.ticker === 'AAA')).toEqual({ ticker: 'AAA', name: 'AAA', is_popular: false, is_stable: false });
    expect(list.map((c) => c.ticker)).not.toContain('ZEC');
  });

  it('keeps every ticker in the same order for the search, named here first, then by the provider, then by ticker', () => {
    const many = Array.from({ length: 40 }, (_, i) => `Z${String(i).padStart(2, '0')}`);
    const providerNames = new Map([
      ['BTC', 'Bitcoin (provider)'],
      ['Z39', 'Zeta Coin'],
    ]);
    const all = sortedCryptoCurrencies(['btc', 'usdc', ...many], providerNames);
    expect(all).toHaveLength(42);
    expect(all.slice(0, 2).map((c) => c.name)).toEqual(['USD Coin', 'Bitcoin']);
    expect(all.at(-1)).toEqual({ ticker: 'Z39', name: 'Zeta Coin', is_popular: false, is_stable: false });
    expect(topCryptoCurrencies(['btc', 'usdc', ...many], providerNames)).toEqual(all.slice(0, 24));

    expect(searchCryptoCurrencies(all, ' zeta ').map((c) => c.ticker)).toEqual(['Z39']);
    expect(searchCryptoCurrencies(all, 'z3').map((c) => c.ticker)).toHaveLength(10);
    expect(searchCryptoCurrencies(all, 'COIN').map((c) => c.ticker)).toEqual(['USDC', 'BTC', 'Z39']);
    expect(searchCryptoCurrencies(all, '')).toEqual(all);
  });

  it('gives an empty list for no tickers', () => {
    expect(topCryptoCurrencies([])).toEqual([]);
    expect(topCryptoCurrencies(['', '  '])).toEqual([]);
  });
});
