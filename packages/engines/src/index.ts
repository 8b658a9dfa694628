// The AI engines: one interface, a built-in (offline) engine per AI tool and adapters for hosted
// model providers. Nothing here knows about HTTP, the database or the job queue.
export { AtProvider, EngineInputError, HandOver, Released } from './engine.ts';
export type {
  Engine,
  EngineContext,
  EngineFile,
  EngineReading,
  EngineResult,
  EngineResultFile,
  ProviderCall,
  ProviderRequest,
  ProviderRequestStore,
  ProviderWebhooks,
} from './engine.ts';
export { ProviderError } from './provider-error.ts';
export { BudgetExhausted } from './provider-budget.ts';
export type { ProviderBudget } from './provider-budget.ts';
export { builtinEngines, createEngineRegistry, registryOf } from './registry.ts';
export type { AnyEngine, EngineRegistry } from './registry.ts';
export { builtinEnginesConfig, loadEnginesConfig } from './remote/remote-config.ts';
export type { EngineKind, EnginesConfig } from './remote/remote-config.ts';
// Provider clients for durable predictions: submit/status/result/cancel and webhook verification.
export { createProviderEngines } from './remote/create-remote-engines.ts';
export { createProviderCircuits, defaultCircuitOptions } from './remote/provider-fallback.ts';
export type { CircuitOptions, CircuitState, ProviderCircuits } from './remote/provider-fallback.ts';
export { createFalQueue } from './remote/fal-client.ts';
export { createFashnQueue } from './remote/fashn-client.ts';
export { createReplicateQueue } from './remote/replicate-client.ts';
export { defaultModels } from './remote/model-licences.ts';
export { overrideKey, priceOf, providerPrices, publishedPriceMicroUsd, runCostMicroUsd } from './remote/provider-prices.ts';
export type { PriceOverrides, PriceRate, ProviderPrice, ProviderUsage } from './remote/provider-prices.ts';
export { deadlineMsOf, providerDeadlines } from './remote/provider-deadlines.ts';
export type { ProviderDeadline } from './remote/provider-deadlines.ts';
export { providerNames, serviceProviders } from './remote/provider-catalogue.ts';
export type { ProviderName } from './remote/provider-catalogue.ts';
export type { QueueClient, QueueStatus, WebhookEvent, WebhookHeaders, WebhookVerification } from './remote/provider-queue.ts';
// The built-in engines, each loaded on its first run (so that importing this package loads none of them).
export {
  aiBackgroundEngine,
  createAiBackgroundEngine,
  imageGeneratorEngine,
  salesPilotEngine,
  soundGeneratorEngine,
  speedpaintingEngine,
  virtualTryOnEngine,
} from './builtin-engines.ts';
export { builtinLabels } from './builtin-labels.ts';
export { salesTranscriptMinWords, transcriptProblem } from './sales-pilot/transcript-check.ts';
// The starter try-on catalogue's garments, drawn by the project (the server seeds them; the examples script wears one).
export { garmentDrawings, renderSeedGarments } from './virtual-try-on/catalogue-garments.ts';
export type { GarmentDrawing, SeedGarment } from './virtual-try-on/catalogue-garments.ts';
