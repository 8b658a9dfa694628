/** SPEC.md §5 and §9: when crypto is offered and how currencies are ordered. */

export const CRYPTO_MIN_AMOUNT_EXCLUSIVE = 19.2;
export const CRYPTO_LIST_SIZE = 24;

export const popularTickers = [
  'BTC', 'ETH', 'USDT', 'USDTTRC20', 'USDTERC20', 'USDC', 'BNB', 'TRX', 'SOL', 'ADA', 'MATIC', 'LTC', 'BCH', 'DOGE',
] as const;

export function isStableTicker(ticker: string): boolean {
  const upper = ticker.toUpperCase();
  return upper.startsWith('USDT') || ['USDC', 'BUSD', 'DAI'].includes(upper);
}

export function isPopularTicker(ticker: string): boolean {
  return (popularTickers as readonly string[]).includes(ticker.toUpperCase());
}

export function isCryptoOffered(paymentType: 'SUBSCRIPTION' | 'CREDIT_PURCHASE', amount: number): boolean {
  return paymentType === 'CREDIT_PURCHASE' && amount > CRYPTO_MIN_AMOUNT_EXCLUSIVE;
}

export const cryptoDisplayNames: Record<string, string> = {
  BTC: 'Bitcoin', ETH: 'Ethereum', USDT: 'Tether', USDTTRC20: 'Tether (TRC20)', USDTERC20: 'Tether (ERC20)',
  USDC: 'USD Coin', BNB: 'BNB', TRX: 'TRON', SOL: 'Solana', ADA: 'Cardano', MATIC: 'Polygon', LTC: 'Litecoin',
  BCH: 'Bitcoin Cash', DOGE: 'Dogecoin', BUSD: 'Binance USD', DAI: 'Dai', XRP: 'XRP', DOT: 'Polkadot',
  AVAX: 'Avalanche', SHIB: 'Shiba Inu', XMR: 'Monero', ETC: 'Ethereum Classic', XLM: 'Stellar', ATOM: 'Cosmos',
  LINK: 'Chainlink', UNI: 'Uniswap', ALGO: 'Algorand', TON: 'Toncoin', NEAR: 'NEAR Protocol', DASH: 'Dash',
  ZEC: 'Zcash', XTZ: 'Tezos',
};

export type CryptoCurrency = { ticker: string; name: string; is_popular: boolean; is_stable: boolean };

/** Top 24, popular first, then stable, then by ticker. */
export function orderCryptoCurrencies(tickers: readonly string[]): CryptoCurrency[] {
  const unique = [...new Set(tickers.map((t) => t.toUpperCase()))];
  return unique
    .map((ticker) => ({
      ticker,
      name: cryptoDisplayNames[ticker] ?? ticker,
      is_popular: isPopularTicker(ticker),
      is_stable: isStableTicker(ticker),
    }))
    .sort(
      (a, b) =>
        Number(b.is_popular) - Number(a.is_popular) ||
        Number(b.is_stable) - Number(a.is_stable) ||
        a.ticker.localeCompare(b.ticker),
    )
    .slice(0, CRYPTO_LIST_SIZE);
}
