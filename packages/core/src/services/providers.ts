import type { ServiceKey } from './catalogue.ts';

/** The hosted AI providers the engines can run services on. */
export const providerNames = ['fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg'] as const;
export type ProviderName = (typeof providerNames)[number];

/** How the product names each provider. */
export const providerDisplayNames: Record<ProviderName, string> = {
  fal: 'fal',
  replicate: 'Replicate',
  openai: 'OpenAI',
  elevenlabs: 'ElevenLabs',
  fashn: 'FASHN',
  removebg: 'remove.bg',
};

/** Which providers can run each service; the first is the default (what earlier versions used). */
export const serviceProviders: Record<ServiceKey, readonly ProviderName[]> = {
  'ai-background': ['replicate', 'fal', 'openai', 'removebg'],
  'image-generator': ['replicate', 'fal', 'openai'],
  'virtual-try-on': ['replicate', 'fal', 'fashn'],
  speedpainting: ['replicate', 'fal'],
  'sales-pilot': ['openai'],
  'sound-generator': ['replicate', 'fal', 'elevenlabs'],
};

/**
 * The order to try a service's configured providers in: the admin's order first (providers it names
 * that are not configured are skipped), then the configured ones it does not name, in their own order.
 */
export function orderProviders<P extends string>(configured: readonly P[], preferred: readonly string[] = []): P[] {
  const first = preferred.filter((name): name is P => (configured as readonly string[]).includes(name));
  return [...new Set([...first, ...configured])];
}
