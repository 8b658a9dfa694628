import type { ServiceKey } from '@lumen/core/services/catalogue';

export const providerNames = ['fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg'] as const;
export type ProviderName = (typeof providerNames)[number];

/** The variable holding each provider's key. */
export const providerKeyVariables: Record<ProviderName, string> = {
  fal: 'FAL_KEY',
  replicate: 'REPLICATE_API_TOKEN',
  openai: 'OPENAI_API_KEY',
  elevenlabs: 'ELEVENLABS_API_KEY',
  fashn: 'FASHN_API_KEY',
  removebg: 'REMOVE_BG_API_KEY',
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

/** Services with a hosted model on fal (every media service). */
export const falServices = ['ai-background', 'image-generator', 'virtual-try-on', 'speedpainting', 'sound-generator'] as const;
export type FalService = (typeof falServices)[number];
