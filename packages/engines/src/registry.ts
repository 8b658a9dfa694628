import type { EngineInfo } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { ProviderName } from '@lumen/core/services/providers';
import type { Engine, EngineReading, ProviderRequest } from './engine.ts';
import {
  aiBackgroundEngine,
  imageGeneratorEngine,
  salesPilotEngine,
  soundGeneratorEngine,
  speedpaintingEngine,
  virtualTryOnEngine,
} from './builtin-engines.ts';
import { configuredProviders, createRemoteEngines, queueClientOf } from './remote/create-remote-engines.ts';
import type { EnginesConfig } from './remote/remote-config.ts';
import type { ProviderCircuits } from './remote/provider-fallback.ts';
import type { QueueClient, WebhookHeaders, WebhookVerification } from './remote/provider-queue.ts';

// Engines take their own parsed params; the registry hands them the job's stored (already validated) params.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEngine = Engine<any>;

/** Which engine runs each service. */
export type EngineRegistry = {
  engineFor(service: ServiceKey): AnyEngine;
  infoFor(service: ServiceKey): EngineInfo;
  /**
   * What the service's built-in engine makes of these (validated) params before running, refusal included;
   * null when the service runs on a hosted provider or its engine does not read requests ahead.
   */
  readRequest(service: ServiceKey, params: unknown): Promise<EngineReading | null>;
  /** Cancels a provider request that no run waits on any more (a job failed by the sweeper); true when the provider accepted. */
  cancelRequest(request: ProviderRequest): Promise<boolean>;
  /**
   * Checks a delivery to our webhook of a provider that queues requests (signature on the raw body,
   * timestamp window); null when that provider is not configured in this process.
   */
  verifyWebhook(provider: ProviderName, rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookVerification | null>;
  /**
   * The hosted providers a remote service can run on here, in the environment's order, with their models and the
   * settings that change a run's price (`pricing`, params for provider-prices.ts); [] when built in.
   */
  providersOf(service: ServiceKey): { name: ProviderName; model: string; pricing?: Record<string, unknown> }[];
};

/** Each loads its implementation (and models) on its first run: see builtin-engines.ts. */
export const builtinEngines: Record<ServiceKey, AnyEngine> = {
  'ai-background': aiBackgroundEngine,
  'image-generator': imageGeneratorEngine,
  'virtual-try-on': virtualTryOnEngine,
  speedpainting: speedpaintingEngine,
  'sales-pilot': salesPilotEngine,
  'sound-generator': soundGeneratorEngine,
};

/** A registry over a fixed map (tests inject fake engines this way). */
export function registryOf(engines: Record<ServiceKey, AnyEngine>): EngineRegistry {
  return {
    engineFor: (service) => engines[service],
    infoFor: (service) => ({ kind: engines[service].kind, label: engines[service].label }),
    readRequest: async (service, params) => {
      const engine = engines[service];
      return engine.kind === 'builtin' && engine.read ? engine.read(params) : null;
    },
    cancelRequest: async () => false,
    verifyWebhook: async () => null,
    providersOf: (service) => {
      const engine = engines[service];
      return engine.kind === 'remote' && engine.provider ? [engine.provider] : [];
    },
  };
}

/** `<SERVICE>_ENGINE=remote` picks the hosted-model adapter of that service; everything else is built in. */
export function createEngineRegistry(
  config: EnginesConfig,
  options: { pollIntervalMs?: number; circuits?: ProviderCircuits } = {},
): EngineRegistry {
  const remote = createRemoteEngines(config, options);
  const engines = { ...builtinEngines };
  for (const service of Object.keys(engines) as ServiceKey[]) {
    const adapter = remote[service];
    if (config.kinds[service] === 'remote' && adapter) engines[service] = adapter;
  }
  // Which providers each service has is fixed for the process: worked out once, not on every catalogue read.
  const chains = Object.fromEntries(
    (Object.keys(engines) as ServiceKey[]).map((service) => [
      service,
      engines[service].kind === 'remote' ? configuredProviders(config, service) : [],
    ]),
  ) as Record<ServiceKey, { name: ProviderName; model: string; pricing: Record<string, unknown> }[]>;
  // One client per provider for the whole process, so that fal's signing keys and Replicate's secret are fetched once.
  const verifiers = new Map<ProviderName, QueueClient | null>();
  return {
    ...registryOf(engines),
    verifyWebhook: async (provider, rawBody, headers) => {
      if (!verifiers.has(provider)) verifiers.set(provider, queueClientOf(config, provider, ''));
      return (await verifiers.get(provider)?.verifyWebhook(rawBody, headers)) ?? null;
    },
    cancelRequest: async (request) => (await queueClientOf(config, request.provider, request.model)?.cancel(request.requestId)) ?? false,
    providersOf: (service) => chains[service],
  };
}
