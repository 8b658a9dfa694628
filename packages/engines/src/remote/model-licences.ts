import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { ProviderName } from './provider-catalogue.ts';

/** Why a default model is there: what its outputs may be used for, and where that is written. */
export type DefaultModel = {
  service: ServiceKey;
  provider: ProviderName;
  model: string;
  /** The licence or terms that govern the outputs. */
  licence: string;
  /** Every default must allow selling what it makes. */
  commercialUse: true;
  source: string;
};

/**
 * The default model of every provider for every service it runs, with the licence of its
 * outputs (checked in November 2026 on the sources named). The defaults below are read from here.
 */
export const defaultModels: readonly DefaultModel[] = [
  {
    service: 'ai-background',
    provider: 'replicate',
    model: '851-labs/background-remover',
    licence: 'MIT (transparent-background / InSPyReNet)',
    commercialUse: true,
    source: 'https://github.com/plemeri/transparent-background',
  },
  {
    service: 'ai-background',
    provider: 'fal',
    model: 'fal-ai/birefnet/v2',
    licence: 'MIT (BiRefNet); fal marks it for commercial use',
    commercialUse: true,
    source: 'https://fal.ai/models/fal-ai/birefnet/v2',
  },
  {
    service: 'ai-background',
    provider: 'openai',
    model: 'gpt-image-2.6-flare',
    licence: 'OpenAI terms: the customer owns the output',
    commercialUse: true,
    source: 'https://openai.com/policies/row-terms-of-use/',
  },
  {
    service: 'ai-background',
    provider: 'removebg',
    model: 'removebg',
    licence: 'remove.bg API terms: commercial use of results with paid credits',
    commercialUse: true,
    source: 'https://www.remove.bg/api',
  },
  {
    service: 'image-generator',
    provider: 'replicate',
    model: 'black-forest-labs/flux-schnell',
    licence: 'Apache-2.0 (FLUX.1 [schnell])',
    commercialUse: true,
    source: 'https://huggingface.co/black-forest-labs/FLUX.1-schnell',
  },
  {
    service: 'image-generator',
    provider: 'fal',
    model: 'fal-ai/flux/schnell',
    licence: 'Apache-2.0 (FLUX.1 [schnell]); fal marks it for commercial use',
    commercialUse: true,
    source: 'https://fal.ai/models/fal-ai/flux/schnell',
  },
  {
    service: 'image-generator',
    provider: 'openai',
    model: 'gpt-image-2.6-flare',
    licence: 'OpenAI terms: the customer owns the output',
    commercialUse: true,
    source: 'https://openai.com/policies/row-terms-of-use/',
  },
  {
    service: 'virtual-try-on',
    provider: 'replicate',
    model: 'google/nano-banana',
    licence: 'Google Gemini API terms (official Replicate model): outputs usable commercially',
    commercialUse: true,
    source: 'https://replicate.com/google/nano-banana',
  },
  {
    service: 'virtual-try-on',
    provider: 'fal',
    model: 'fal-ai/fashn/tryon/v1.6',
    licence: 'FASHN, served by fal as a commercial-use endpoint',
    commercialUse: true,
    source: 'https://fal.ai/models/fal-ai/fashn/tryon/v1.6',
  },
  {
    service: 'virtual-try-on',
    provider: 'fashn',
    model: 'tryon-v1.6',
    licence: 'FASHN API terms: results belong to the customer',
    commercialUse: true,
    source: 'https://docs.fashn.ai',
  },
  {
    service: 'speedpainting',
    provider: 'replicate',
    model: 'bytedance/seedance-1-lite',
    licence: 'ByteDance Seedance, official Replicate model (commercial API)',
    commercialUse: true,
    source: 'https://replicate.com/bytedance/seedance-1-lite',
  },
  {
    service: 'speedpainting',
    provider: 'fal',
    model: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
    licence: 'Kling (Kuaishou), fal partner endpoint marked for commercial use',
    commercialUse: true,
    source: 'https://fal.ai/models/fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
  },
  {
    service: 'sound-generator',
    provider: 'replicate',
    model: 'elevenlabs/music',
    licence: 'ElevenLabs Eleven Music, official Replicate model trained on licensed music; outputs usable commercially',
    commercialUse: true,
    source: 'https://replicate.com/elevenlabs/music',
  },
  {
    service: 'sound-generator',
    provider: 'fal',
    model: 'fal-ai/elevenlabs/sound-effects/v2',
    licence: 'ElevenLabs via fal (commercial use through the API)',
    commercialUse: true,
    source: 'https://fal.ai/models/fal-ai/elevenlabs/sound-effects/v2',
  },
  {
    service: 'sound-generator',
    provider: 'elevenlabs',
    model: 'eleven_text_to_sound_v2',
    licence: 'ElevenLabs terms: commercial use on paid plans',
    commercialUse: true,
    source: 'https://elevenlabs.io/docs/api-reference/text-to-sound-effects/convert',
  },
  {
    service: 'sales-pilot',
    provider: 'openai',
    model: 'gpt-4o-mini',
    licence: 'OpenAI terms: the customer owns the output',
    commercialUse: true,
    source: 'https://openai.com/policies/row-terms-of-use/',
  },
];

/** Licences that forbid commercial use of outputs: no default may carry one. */
export const nonCommercialLicences = ['CC-BY-NC', 'CC BY-NC', 'NonCommercial', 'Non-Commercial', 'FLUX.1 [dev]', 'research only'] as const;

/** Models whose outputs may not be sold, found in earlier defaults or in common use. */
export const knownNonCommercialModels = [
  'cuuupid/idm-vton',
  'yisol/IDM-VTON',
  'fal-ai/idm-vton',
  'meta/musicgen',
  'black-forest-labs/flux-dev',
  'fal-ai/flux/dev',
  'fal-ai/mmaudio-v2',
] as const;

/** The default model of a provider for a service. */
export function defaultModelOf(service: ServiceKey, provider: ProviderName): string | undefined {
  return defaultModels.find((entry) => entry.service === service && entry.provider === provider)?.model;
}
