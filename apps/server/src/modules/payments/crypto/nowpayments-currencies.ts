import { z } from 'zod';
import { CryptoProviderError } from './crypto-provider.ts';
import type { CurrencyDescription } from './crypto-provider.ts';

/** A GET to the NOWPayments API, answered in the schema's shape or failing with a CryptoProviderError. */
export type NowPaymentsGet = <T>(path: string, schema: z.ZodType<T>) => Promise<T>;

const merchantCoinsSchema = z.object({ selectedCurrencies: z.array(z.string()) });
const currenciesSchema = z.object({ currencies: z.array(z.union([z.string(), z.object({ code: z.string() }).loose()])) });
const fullCurrenciesSchema = z.object({
  currencies: z.array(z.object({ code: z.string(), name: z.string().nullish(), network: z.string().nullish() }).loose()),
});

const lowerUnique = (tickers: string[]) => [...new Set(tickers.map((ticker) => ticker.trim().toLowerCase()).filter(Boolean))];

/** The coins enabled in the merchant's account (GET /merchant/coins), or, when that gives no list, all of NOWPayments' (GET /currencies). */
export async function loadAcceptedTickers(get: NowPaymentsGet): Promise<string[]> {
  try {
    const selected = lowerUnique((await get('/merchant/coins', merchantCoinsSchema)).selectedCurrencies);
    if (selected.length > 0) return selected;
  } catch (error) {
    // A timeout or an unreachable server would be the same for /currencies, on the same host: asking again only doubles the wait.
    if (!(error instanceof CryptoProviderError) || error.status === null) throw error;
  }
  const { currencies } = await get('/currencies', currenciesSchema);
  return lowerUnique(currencies.map((entry) => (typeof entry === 'string' ? entry : entry.code)));
}

/** Names and networks of the accepted tickers, from GET /full-currencies (which lists every coin NOWPayments has). */
export async function loadDescriptions(get: NowPaymentsGet, tickers: readonly string[]): Promise<CurrencyDescription[]> {
  const accepted = new Set(tickers);
  const { currencies } = await get('/full-currencies', fullCurrenciesSchema);
  return currencies.flatMap(({ code, name, network }) => {
    const ticker = code.trim().toLowerCase();
    const title = name?.trim();
    return accepted.has(ticker) && title ? [{ ticker, name: title, network: network?.trim() || null }] : [];
  });
}
