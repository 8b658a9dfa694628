import type { ServiceKey } from '@lumen/core/services/catalogue';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import type { EngineRegistry, ProviderUsage } from '@lumen/engines';
import { runCostOf } from '../provider-prices/index.ts';
import type { Pricing } from '../provider-prices/index.ts';

/** The provider and model that made a finished run's result, the run's time, and its cost at the admin's prices. */
export function providerRunOf(
  pricing: { pricing: Pricing; engines: EngineRegistry; service: ServiceKey; usages: ReadonlyMap<ProviderName, ProviderUsage> },
  provider: { name: ProviderName; model: string; costMicroUsd?: number; usage?: ProviderUsage } | undefined,
  params: Record<string, unknown>,
  runMs: number,
) {
  if (!provider) return null;
  const usage = provider.usage ?? pricing.usages.get(provider.name);
  return {
    provider: provider.name,
    model: provider.model,
    runMs,
    // The provider's own usage figure when it reported one, at the admin's prices; else the expected price of the run.
    costMicroUsd: runCostOf(pricing.pricing, pricing.engines, pricing.service, { ...provider, ...(usage ? { usage } : {}) }, params),
  };
}

/** The provider (id and model) a billed failure names and its cost, when the error carries what the provider billed or used. */
export function billedFailureOf(
  error: unknown,
  configured: { name: ProviderName; model: string }[],
  price: (run: { name: ProviderName; model: string; costMicroUsd?: number | null; usage?: ProviderUsage }) => number | null,
) {
  if (!(error instanceof Error) || error.name !== 'ProviderError') return null;
  const { costMicroUsd, usage, provider: shown } = error as { costMicroUsd?: unknown; usage?: ProviderUsage; provider?: unknown };
  if (typeof costMicroUsd !== 'number' && !usage) return null;
  const chosen = configured.find(({ name }) => providerDisplayNames[name] === shown || name === shown);
  if (!chosen) return null;
  const cost = price({
    name: chosen.name,
    model: chosen.model,
    ...(typeof costMicroUsd === 'number' ? { costMicroUsd } : {}),
    ...(usage ? { usage } : {}),
  });
  return cost === null ? null : { provider: chosen.name, model: chosen.model, costMicroUsd: cost };
}
