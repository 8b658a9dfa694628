import type { ServiceEngine } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { orderProviders, providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import type { EngineRegistry } from '@lumen/engines';

/**
 * The engine a service runs on, with the hosted provider and model when it is remote: the first of its
 * providers in the admin's order (`providerOrder`, platform settings) or the environment's; the others
 * only take over when that one fails.
 */
export function discloseEngine(engines: EngineRegistry, service: ServiceKey, providerOrder: readonly string[] = []): ServiceEngine {
  const running = engines.infoFor(service);
  const providers = engines.providersOf(service);
  const [first] = orderProviders(
    providers.map(({ name }) => name),
    providerOrder,
  );
  const provider = providers.find(({ name }) => name === first);
  if (running.kind !== 'remote' || !provider) return { ...running, provider: null, model: null };
  return { ...running, provider: providerDisplayNames[provider.name as ProviderName] ?? provider.name, model: provider.model };
}
