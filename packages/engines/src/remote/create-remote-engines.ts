import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import type { ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { SpeedpaintingParams } from '@lumen/core/services/speedpainting-params';
import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import type { Engine } from '../engine.ts';
import { createAiBackgroundFalEngine } from './ai-background.fal.ts';
import { createAiBackgroundOpenAiEngine } from './ai-background.openai.ts';
import { createAiBackgroundRemoteEngine } from './ai-background.remote.ts';
import { createAiBackgroundRemoveBgEngine } from './ai-background.removebg.ts';
import { elevenLabsSoundModel } from './elevenlabs-client.ts';
import { defaultHttpPolicy } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { createImageGeneratorFalEngine } from './image-generator.fal.ts';
import { createImageGeneratorOpenAiEngine } from './image-generator.openai.ts';
import { createImageGeneratorRemoteEngine } from './image-generator.remote.ts';
import type { FalService, ProviderName } from './provider-catalogue.ts';
import { serviceProviders } from './provider-catalogue.ts';
import type { EnginesConfig, ReplicateService } from './remote-config.ts';
import { createProviderCircuits, withProviderFallback } from './provider-fallback.ts';
import type { ProviderCircuits } from './provider-fallback.ts';
import { createFalQueue } from './fal-client.ts';
import { defaultModelOf } from './model-licences.ts';
import { deadlineMsOf } from './provider-deadlines.ts';
import { createFashnQueue } from './fashn-client.ts';
import type { QueueClient } from './provider-queue.ts';
import { createReplicateQueue } from './replicate-client.ts';
import { createSalesPilotRemoteEngine } from './sales-pilot.remote.ts';
import { createSoundGeneratorElevenLabsEngine } from './sound-generator.elevenlabs.ts';
import { createSoundGeneratorFalEngine } from './sound-generator.fal.ts';
import { createSoundGeneratorRemoteEngine } from './sound-generator.remote.ts';
import { createSpeedpaintingFalEngine } from './speedpainting.fal.ts';
import { createSpeedpaintingRemoteEngine } from './speedpainting.remote.ts';
import { createVirtualTryOnFalEngine } from './virtual-try-on.fal.ts';
import { createVirtualTryOnFashnEngine } from './virtual-try-on.fashn.ts';
import { createVirtualTryOnRemoteEngine } from './virtual-try-on.remote.ts';

export type RemoteEngines = {
  'ai-background'?: Engine<AiBackgroundParams>;
  'image-generator'?: Engine<ImageGeneratorParams>;
  'virtual-try-on'?: Engine<VirtualTryOnParams>;
  speedpainting?: Engine<SpeedpaintingParams>;
  'sales-pilot'?: Engine<SalesPilotParams>;
  'sound-generator'?: Engine<SoundGeneratorParams>;
};

/** Every configured provider's engines for each remote service, in the configured order (for fallback). */
export type ProviderEngines = { [S in keyof RemoteEngines]?: { provider: ProviderName; engine: NonNullable<RemoteEngines[S]> }[] };

type Options = {
  pollIntervalMs?: number;
  presetDirectory?: string;
  /** Where the providers' circuit breakers are kept (shared by processes); default: in this process. */
  circuits?: ProviderCircuits;
};

/** The model a provider runs for a service under this configuration. */
function modelOf(config: EnginesConfig, service: ServiceKey, provider: ProviderName): string {
  if (provider === 'replicate') return config.replicate?.models[service as ReplicateService] ?? '';
  if (provider === 'fal') return config.fal?.models[service as FalService] ?? '';
  if (provider === 'openai') {
    return (service === 'sales-pilot' ? config.openai?.model : config.openai?.imageModel) ?? defaultModelOf(service, 'openai') ?? '';
  }
  if (provider === 'elevenlabs') return elevenLabsSoundModel;
  if (provider === 'fashn') return config.fashn?.model ?? '';
  return 'removebg';
}

/** The adapter of one provider for one service, naming its provider and model; null when that provider is not configured. */
function providerEngine(config: EnginesConfig, service: ServiceKey, provider: ProviderName, options: Options) {
  const engine = adapterOf(config, service, provider, options);
  return engine ? { ...engine, provider: { name: provider, model: modelOf(config, service, provider) } } : null;
}

function httpPolicyOf(config: EnginesConfig) {
  const base = { ...defaultHttpPolicy, timeoutMs: config.requestTimeoutMs, retries: config.retries };
  return { base, http: (name: string): HttpPolicy => ({ ...base, provider: name }) };
}

/**
 * The queue client of a provider that queues requests (fal, Replicate, FASHN) for one model; null
 * for providers that answer in the same request. Used to cancel a request no run is waiting on.
 */
export function queueClientOf(config: EnginesConfig, provider: ProviderName, model: string): QueueClient | null {
  const { http } = httpPolicyOf(config);
  const pollIntervalMs = 2000;
  if (provider === 'fal' && config.fal) return createFalQueue({ ...config.fal, http: http('fal'), pollIntervalMs }, model);
  if (provider === 'replicate' && config.replicate) {
    return createReplicateQueue({ ...config.replicate, http: http('Replicate'), pollIntervalMs }, model);
  }
  if (provider === 'fashn' && config.fashn) return createFashnQueue({ ...config.fashn, http: http('FASHN'), pollIntervalMs }, model);
  return null;
}

function adapterOf(config: EnginesConfig, service: ServiceKey, provider: ProviderName, options: Options) {
  const { base, http } = httpPolicyOf(config);
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const preset = { presetDirectory: options.presetDirectory };
  if (provider === 'replicate' && config.replicate) {
    const settings = { ...config.replicate, http: http('Replicate'), pollIntervalMs };
    const models = config.replicate.models;
    if (service === 'ai-background') return createAiBackgroundRemoteEngine(settings, models['ai-background'], preset);
    if (service === 'image-generator') return createImageGeneratorRemoteEngine(settings, models['image-generator']);
    if (service === 'virtual-try-on') return createVirtualTryOnRemoteEngine(settings, models['virtual-try-on']);
    if (service === 'speedpainting') return createSpeedpaintingRemoteEngine(settings, models.speedpainting);
    if (service === 'sound-generator') return createSoundGeneratorRemoteEngine(settings, models['sound-generator']);
  }
  if (provider === 'fal' && config.fal) {
    const settings = { ...config.fal, http: http('fal'), pollIntervalMs };
    const models = config.fal.models;
    if (service === 'ai-background') return createAiBackgroundFalEngine(settings, models['ai-background'], preset);
    if (service === 'image-generator') return createImageGeneratorFalEngine(settings, models['image-generator']);
    if (service === 'virtual-try-on') return createVirtualTryOnFalEngine(settings, models['virtual-try-on']);
    if (service === 'speedpainting') return createSpeedpaintingFalEngine(settings, models.speedpainting, config.fal.speedpaintingSeconds);
    if (service === 'sound-generator') return createSoundGeneratorFalEngine(settings, models['sound-generator']);
  }
  if (provider === 'openai' && config.openai) {
    const { apiKey, baseUrl } = config.openai;
    if (service === 'sales-pilot') {
      return createSalesPilotRemoteEngine({
        apiKey,
        baseUrl,
        model: config.openai.model,
        http: { ...http('OpenAI'), timeoutMs: Math.max(base.timeoutMs, deadlineMsOf('openai', config.openai.model)) },
      });
    }
    const images = {
      apiKey,
      baseUrl,
      model: config.openai.imageModel ?? defaultModelOf(service, 'openai')!,
      quality: config.openai.imageQuality ?? 'low',
      http: http('OpenAI'),
    };
    if (service === 'image-generator') return createImageGeneratorOpenAiEngine(images);
    if (service === 'ai-background') return createAiBackgroundOpenAiEngine(images, preset);
  }
  if (provider === 'elevenlabs' && config.elevenlabs && service === 'sound-generator') {
    return createSoundGeneratorElevenLabsEngine({ ...config.elevenlabs, http: http('ElevenLabs') });
  }
  if (provider === 'fashn' && config.fashn && service === 'virtual-try-on') {
    return createVirtualTryOnFashnEngine({ ...config.fashn, http: http('FASHN'), pollIntervalMs }, config.fashn.model);
  }
  if (provider === 'removebg' && config.removebg && service === 'ai-background') {
    return createAiBackgroundRemoveBgEngine({ ...config.removebg, http: http('remove.bg') }, preset);
  }
  return null;
}

/**
 * The settings of this configuration that change what a provider's run costs, as params for the price functions
 * (provider-prices.ts): OpenAI's image quality and whether the service edits a photo, fal's speed-painting clip length.
 */
export function pricingParamsOf(config: EnginesConfig, service: ServiceKey, provider: ProviderName): Record<string, unknown> {
  if (provider === 'openai' && service !== 'sales-pilot') {
    return { quality: config.openai?.imageQuality ?? 'low', edit: service === 'ai-background' };
  }
  if (provider === 'fal' && service === 'speedpainting') return { clipSeconds: config.fal?.speedpaintingSeconds ?? 5 };
  return {};
}

/**
 * A remote service's providers that have settings here, in the configured order, with the model each runs and the
 * settings that change its price; [] for a built-in service.
 */
export function configuredProviders(
  config: EnginesConfig,
  service: ServiceKey,
): { name: ProviderName; model: string; pricing: Record<string, unknown> }[] {
  if (config.kinds[service] !== 'remote') return [];
  const chosen = config.providers?.[service] ?? [serviceProviders[service][0]!];
  return chosen
    .filter((provider) => adapterOf(config, service, provider, {}) !== null)
    .map((provider) => ({
      name: provider,
      model: modelOf(config, service, provider),
      pricing: pricingParamsOf(config, service, provider),
    }));
}

/**
 * For each remote service, the engines of its configured providers in order (`<SERVICE>_PROVIDERS`),
 * skipping providers without settings. A fallback runner can try them one after the other.
 */
export function createProviderEngines(config: EnginesConfig, options: Options = {}): ProviderEngines {
  const engines: Record<string, { provider: ProviderName; engine: unknown }[]> = {};
  for (const service of Object.keys(config.kinds) as ServiceKey[]) {
    const list = configuredProviders(config, service).map(({ name }) => ({
      provider: name,
      engine: providerEngine(config, service, name, options)!,
    }));
    if (list.length > 0) engines[service] = list;
  }
  return engines as ProviderEngines;
}

/**
 * The engine of every service configured as remote: its providers in order, a transient failure or
 * an open circuit moving the job to the next one (provider-fallback.ts); the others are absent.
 */
export function createRemoteEngines(config: EnginesConfig, options: Options = {}): RemoteEngines {
  const circuits = options.circuits ?? createProviderCircuits();
  const remote: Record<string, unknown> = {};
  for (const [service, list] of Object.entries(createProviderEngines(config, options))) {
    if (!list || list.length === 0) continue;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    remote[service] = withProviderFallback(list as { provider: ProviderName; engine: Engine<any> }[], circuits);
  }
  return remote as RemoteEngines;
}
