// The AI engines: one interface, a built-in (offline) engine per AI tool and adapters for hosted
// model providers. Nothing here knows about HTTP, the database or the job queue.
export { AtProvider, EngineInputError, HandOver } from './engine.ts';
export type {
  Engine,
  EngineContext,
  EngineFile,
  EngineResult,
  EngineResultFile,
  ProviderCall,
  ProviderRequest,
  ProviderRequestStore,
  ProviderWebhooks,
} from './engine.ts';
export { ProviderError } from './provider-error.ts';
export { builtinEngines, createEngineRegistry, registryOf } from './registry.ts';
export type { AnyEngine, EngineRegistry } from './registry.ts';
export { builtinEnginesConfig, loadEnginesConfig } from './remote/remote-config.ts';
export type { EngineKind, EnginesConfig } from './remote/remote-config.ts';
// Provider clients for durable predictions: submit/status/result/cancel and webhook verification.
export { createProviderEngines } from './remote/create-remote-engines.ts';
export { createFalQueue } from './remote/fal-client.ts';
export { createFashnQueue } from './remote/fashn-client.ts';
export { createReplicateQueue } from './remote/replicate-client.ts';
export { defaultModels } from './remote/model-licences.ts';
export { publishedPriceMicroUsd } from './remote/provider-prices.ts';
export { providerNames, serviceProviders } from './remote/provider-catalogue.ts';
export type { ProviderName } from './remote/provider-catalogue.ts';
export type { QueueClient, QueueStatus, WebhookEvent, WebhookHeaders, WebhookVerification } from './remote/provider-queue.ts';
export { aiBackgroundEngine, createAiBackgroundEngine } from './ai-background/ai-background.engine.ts';
export { imageGeneratorEngine } from './image-generator/image-generator.engine.ts';
export { salesPilotEngine } from './sales-pilot/sales-pilot.engine.ts';
export { soundGeneratorEngine } from './sound-generator/sound-generator.engine.ts';
export { speedpaintingEngine } from './speedpainting/speedpainting.engine.ts';
export { virtualTryOnEngine } from './virtual-try-on/virtual-try-on.engine.ts';
