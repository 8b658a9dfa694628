import type { ServiceEngine } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { EngineRegistry } from '@lumen/engines';

/** How the catalogue names each provider. */
const providerDisplayNames: Record<string, string> = {
  fal: 'fal',
  replicate: 'Replicate',
  openai: 'OpenAI',
  elevenlabs: 'ElevenLabs',
  fashn: 'FASHN',
  removebg: 'remove.bg',
};

/**
 * The engine a service runs on, with the hosted provider and model when it is remote (the first of
 * its providers; the others only take over when that one fails).
 */
export function discloseEngine(engines: EngineRegistry, service: ServiceKey): ServiceEngine {
  const running = engines.infoFor(service);
  const provider = running.kind === 'remote' ? engines.engineFor(service).provider : undefined;
  if (!provider) return { ...running, provider: null, model: null };
  return { ...running, provider: providerDisplayNames[provider.name] ?? provider.name, model: provider.model };
}
