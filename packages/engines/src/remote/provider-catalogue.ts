import { providerNames, serviceProviders } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';

export { providerNames, serviceProviders };
export type { ProviderName };

/** The variable holding each provider's key. */
export const providerKeyVariables: Record<ProviderName, string> = {
  fal: 'FAL_KEY',
  replicate: 'REPLICATE_API_TOKEN',
  openai: 'OPENAI_API_KEY',
  elevenlabs: 'ELEVENLABS_API_KEY',
  fashn: 'FASHN_API_KEY',
  removebg: 'REMOVE_BG_API_KEY',
};

/** Services with a hosted model on fal (every media service). */
export const falServices = ['ai-background', 'image-generator', 'virtual-try-on', 'speedpainting', 'sound-generator'] as const;
export type FalService = (typeof falServices)[number];
