/** Which crypto currencies the crypto dialog lists, their names and their order. */

export const CRYPTO_LIST_SIZE = 24;

export const popularTickers = [
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
] as const;

/** USDT in any of its network variants (USDTTRC20, USDTERC20, USDTBSC, ...), USDC, BUSD and DAI. */
export function isStableTicker(ticker: string): boolean {
  const upper = ticker.toUpperCase();
  return upper.startsWith('USDT') || ['USDC', 'BUSD', 'DAI'].includes(upper);
}

export function isPopularTicker(ticker: string): boolean {
  return (popularTickers as readonly string[]).includes(ticker.toUpperCase());
}

export const cryptoDisplayNames: Readonly<Record<string, string>> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'Tether',
  USDTTRC20: 'Tether (TRC20)',
  USDTERC20: 'Tether (ERC20)',
  USDC: 'USD Coin',
  BNB: 'BNB',
  TRX: 'TRON',
  SOL: 'Solana',
  ADA: 'Cardano',
  MATIC: 'Polygon',
  LTC: 'Litecoin',
  BCH: 'Bitcoin Cash',
  DOGE: 'Dogecoin',
  BUSD: 'Binance USD',
  DAI: 'Dai',
  XRP: 'XRP',
  DOT: 'Polkadot',
  AVAX: 'Avalanche',
  SHIB: 'Shiba Inu',
  XMR: 'Monero',
  ETC: 'Ethereum Classic',
  XLM: 'Stellar',
  ATOM: 'Cosmos',
  LINK: 'Chainlink',
  UNI: 'Uniswap',
  ALGO: 'Algorand',
  TON: 'Toncoin',
  NEAR: 'NEAR Protocol',
  DASH: 'Dash',
  ZEC: 'Zcash',
  XTZ: 'Tezos',
};

/** Crypto currency. */
export type CryptoCurrency = { ticker: string; name: string; is_popular: boolean; is_stable: boolean };

/** This file's name of the ticker, else the provider's (`providerNames`, by upper-case ticker), else the ticker itself. */
export function cryptoDisplayName(ticker: string, providerNames: ReadonlyMap<string, string> = new Map()): string {
  const upper = ticker.toUpperCase();
  return cryptoDisplayNames[upper] ?? providerNames.get(upper) ?? upper;
}

/** All of the provider's tickers (any case, duplicates ignored): popular first, then stable, then by ticker. */
export function sortedCryptoCurrencies(
  tickers: readonly string[],
  providerNames: ReadonlyMap<string, string> = new Map(),
): CryptoCurrency[] {
  const unique = [...new Set(tickers.map((t) => t.trim().toUpperCase()).filter((t) => t.length > 0))];
  return unique
    .map((ticker) => ({
      ticker,
      name: cryptoDisplayName(ticker, providerNames),
      is_popular: isPopularTicker(ticker),
      is_stable: isStableTicker(ticker),
    }))
    .sort(
      (a, b) =>
        Number(b.is_popular) - Number(a.is_popular) ||
        Number(b.is_stable) - Number(a.is_stable) ||
        (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0),
    );
}

/** The top 24 of sortedCryptoCurrencies: what the crypto dialog shows before a search. */
export function topCryptoCurrencies(tickers: readonly string[], providerNames?: ReadonlyMap<string, string>): CryptoCurrency[] {
  return sortedCryptoCurrencies(tickers, providerNames).slice(0, CRYPTO_LIST_SIZE);
}

/** The currencies whose ticker or name contains the search (any case), in their order. */
export function searchCryptoCurrencies(currencies: readonly CryptoCurrency[], search: string): CryptoCurrency[] {
  const needle = search.trim().toLowerCase();
  return currencies.filter((currency) => currency.ticker.toLowerCase().includes(needle) || currency.name.toLowerCase().includes(needle));
}
