import type { ProviderName } from '@lumen/core/services/providers';

/**
 * The day's budget for hosted providers, as a run sees it. Before a provider is sent a job's request, the run
 * reserves the request's expected cost (`reserve` rejects with {@link BudgetExhausted} when the day's budget, or
 * that provider's, cannot hold it); when the provider never took the request, the run gives the reservation back
 * (`release`). The worker settles a reservation to the real cost when its request ends.
 */
export type ProviderBudget = {
  reserve(provider: ProviderName, model: string): Promise<void>;
  release(provider: ProviderName): Promise<void>;
};

/** The budget cannot hold this run: `scope` is 'total' for the day's budget, or the provider whose own budget is used up. */
export class BudgetExhausted extends Error {
  override name = 'BudgetExhausted';
  constructor(
    message: string,
    readonly scope: 'total' | ProviderName,
  ) {
    super(message);
  }
}
