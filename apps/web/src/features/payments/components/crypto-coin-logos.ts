/**
 * Coin logos: the colour SVGs of the cryptocurrency-icons package (CC0-1.0). Each stays its own file, fetched only
 * when a tile shows it (no-inline); this module, loaded when the crypto step opens, holds only their URLs.
 */
const logoUrls = import.meta.glob<string>('../../../../../../node_modules/cryptocurrency-icons/svg/color/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const logoUrlBySymbol = new Map(
  Object.entries(logoUrls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length).toUpperCase(), url]),
);

/** Network suffixes of the provider's tickers (USDTTRC20, USDCSOL, BNBBSC): the coin's logo is the one without them. */
const networkSuffixes = [
  'TRC20',
  'ERC20',
  'BEP20',
  'BEP2',
  'BSC',
  'MATIC',
  'POLYGON',
  'ARBITRUM',
  'ARB',
  'SOL',
  'BASE',
  'OP',
  'TON',
  'AVAXC',
  'ALGO',
  'CELO',
  'MAINNET',
];

/** The URL of the coin's logo, or null when the package has none. */
export function coinLogoUrl(ticker: string): string | null {
  const symbol = ticker.toUpperCase();
  const exact = logoUrlBySymbol.get(symbol);
  if (exact) return exact;
  const suffix = networkSuffixes.find((network) => symbol.endsWith(network) && symbol.length - network.length >= 3);
  return (suffix && logoUrlBySymbol.get(symbol.slice(0, -suffix.length))) || null;
}
