import type { ProviderUsage } from './remote/provider-prices.ts';

/**
 * A hosted model API failed. `message` is safe to show to the user; `transient` tells the worker
 * whether trying again later may succeed (rate limits, timeouts, 5xx, network errors) or not
 * (rejected input, a failed prediction, bad credentials, an unreadable result).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly transient: boolean;
  /** Which provider answered, e.g. 'Replicate'. */
  readonly provider: string;
  /** HTTP status of the last answer, when there was one. */
  readonly status: number | undefined;
  /** What the provider said, for the logs (may be technical; never shown to users). */
  readonly detail: string | undefined;
  /**
   * A create that got no readable answer (5xx, timeout, connection lost after sending): the provider may hold
   * and bill it, so it is neither sent again nor moved to another provider.
   */
  readonly unconfirmed: boolean;
  /** What the provider billed for the failed call, in millionths of a US dollar, when it says (a refused or cut-off answer). */
  readonly costMicroUsd: number | null;
  /** What the provider reported the failed call used, in billed units (priced by the worker); absent when it did not say. */
  readonly usage: ProviderUsage | undefined;

  constructor(
    message: string,
    options: {
      transient: boolean;
      provider: string;
      status?: number;
      detail?: string;
      cause?: unknown;
      unconfirmed?: boolean;
      costMicroUsd?: number | null;
      usage?: ProviderUsage;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.transient = options.transient;
    this.unconfirmed = options.unconfirmed ?? false;
    this.costMicroUsd = options.costMicroUsd ?? null;
    this.usage = options.usage;
    this.provider = options.provider;
    this.status = options.status;
    this.detail = options.detail;
  }
}
