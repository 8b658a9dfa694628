import type { QueryClient } from '@tanstack/react-query';
import { creditKeys } from './credit-keys.ts';
import { paymentKeys } from './payment-keys.ts';

/** After an admin change, the pricing page, the costs and usage re-read the server at once. */
export function invalidatePublicCatalogue(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: creditKeys.packages() }),
    queryClient.invalidateQueries({ queryKey: creditKeys.costs() }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.plans() }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.usage() }),
  ]);
}
