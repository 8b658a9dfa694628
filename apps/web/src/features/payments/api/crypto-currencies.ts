import { useQuery } from '@tanstack/react-query';
import { sortedCryptoCurrencies } from '@lumen/core/payments/crypto-currencies';
import type { CryptoCurrency } from '@lumen/core/payments/crypto-currencies';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

/** GET /payment/crypto/currencies: the tickers accepted now (upper-case) and the provider's names of some of them. */
export type AcceptedCryptoCurrencies = { currencies: string[]; details: { ticker: string; name: string; network: string | null }[] };

export async function getCryptoCurrencies(signal?: AbortSignal): Promise<AcceptedCryptoCurrencies> {
  const data = await apiClient.get<Partial<AcceptedCryptoCurrencies>>('/payment/crypto/currencies', { signal });
  return {
    currencies: Array.isArray(data.currencies) ? data.currencies : [],
    details: Array.isArray(data.details) ? data.details : [],
  };
}

function sortAccepted({ currencies, details }: AcceptedCryptoCurrencies): CryptoCurrency[] {
  return sortedCryptoCurrencies(currencies, new Map(details.map((detail) => [detail.ticker.toUpperCase(), detail.name])));
}

/** Every accepted coin, named: popular first, then stable, then by ticker. */
export function useCryptoCurrenciesQuery(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.cryptoCurrencies(),
    queryFn: ({ signal }) => getCryptoCurrencies(signal),
    select: sortAccepted,
    staleTime: 5 * 60_000,
    enabled,
  });
}
