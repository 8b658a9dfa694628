import type { ServiceEngine } from '@lumen/core/jobs/schemas';
import { serviceKeys } from '@lumen/core/services/catalogue';
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

/**
 * One line per service saying what runs it under this configuration, for the start-up log: the hosted providers
 * in the environment's order with their models (a key alone can move a service onto a provider), or the built-in
 * engine. The admin's order (platform settings) may change which of those comes first.
 */
export function serviceEngineLines(engines: EngineRegistry): { service: ServiceKey; line: string }[] {
  return serviceKeys.map((service) => {
    const providers = engines.providersOf(service);
    const line =
      engines.infoFor(service).kind === 'remote' && providers.length > 0
        ? `${service} runs on ${providers.map(({ name, model }) => `${providerDisplayNames[name]} (${model})`).join(', then ')}`
        : `${service} runs on the built-in engine`;
    return { service, line };
  });
}
