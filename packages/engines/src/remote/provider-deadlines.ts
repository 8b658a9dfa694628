import type { ProviderName } from './provider-catalogue.ts';

/**
 * How long one request may take at each provider, per model: the model's typical run time where the provider or the
 * model's page publishes one, and the deadline the engines hold the request to (queueing and cold starts included,
 * and at least five times the typical run). A queued request past its deadline is cancelled at the provider once and
 * its job fails; a provider that answers in the request (OpenAI, ElevenLabs, remove.bg) gets it as the time to answer.
 * docs/provider-prices.md gives the same table.
 */
export type ProviderDeadline = {
  provider: ProviderName;
  model: string;
  /** The typical run time in seconds, as published (or estimated where said so). */
  typicalSeconds: number;
  deadlineMs: number;
  source: string;
  note: string;
};

const MINUTE = 60_000;

export const providerDeadlines: readonly ProviderDeadline[] = [
  {
    provider: 'replicate',
    model: '851-labs/background-remover',
    typicalSeconds: 3,
    deadlineMs: 3 * MINUTE,
    source: 'https://replicate.com/851-labs/background-remover',
    note: 'A few seconds of GPU time (the price assumes 3 s); minutes allowed for a cold start.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/birefnet/v2',
    typicalSeconds: 3,
    deadlineMs: 3 * MINUTE,
    source: 'https://fal.ai/models/fal-ai/birefnet/v2',
    note: 'Not published: seconds (estimate).',
  },
  {
    provider: 'openai',
    model: 'gpt-image-2.6-flare',
    typicalSeconds: 30,
    deadlineMs: 4 * MINUTE,
    source: 'https://platform.openai.com/docs/guides/image-generation',
    note: 'OpenAI: complex prompts can take up to about two minutes; low quality (our default) takes seconds to tens of seconds. The answer comes in the request.',
  },
  {
    provider: 'removebg',
    model: 'removebg',
    typicalSeconds: 5,
    deadlineMs: 2 * MINUTE,
    source: 'https://www.remove.bg/api',
    note: 'Not published: seconds (estimate). The answer comes in the request.',
  },
  {
    provider: 'replicate',
    model: 'black-forest-labs/flux-schnell',
    typicalSeconds: 2,
    deadlineMs: 3 * MINUTE,
    source: 'https://replicate.com/black-forest-labs/flux-schnell',
    note: 'A 4-step model: a second or two per image.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/flux/schnell',
    typicalSeconds: 2,
    deadlineMs: 3 * MINUTE,
    source: 'https://fal.ai/models/fal-ai/flux/schnell',
    note: 'A 4-step model: a second or two per image.',
  },
  {
    provider: 'replicate',
    model: 'google/nano-banana',
    typicalSeconds: 10.5,
    deadlineMs: 3 * MINUTE,
    source: 'https://replicate.com/google/nano-banana',
    note: 'Median run time 10.5 s on the model page.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/fashn/tryon/v1.6',
    typicalSeconds: 17,
    deadlineMs: 3 * MINUTE,
    source: 'https://docs.fashn.ai/api-reference/tryon-v1-6',
    note: 'FASHN: 5 s (performance), 8 s (balanced), 12–17 s (quality).',
  },
  {
    provider: 'fashn',
    model: 'tryon-v1.6',
    typicalSeconds: 17,
    deadlineMs: 3 * MINUTE,
    source: 'https://docs.fashn.ai/api-reference/tryon-v1-6',
    note: 'FASHN: 5 s (performance), 8 s (balanced), 12–17 s (quality).',
  },
  {
    provider: 'replicate',
    model: 'bytedance/seedance-1-lite',
    typicalSeconds: 38.1,
    deadlineMs: 10 * MINUTE,
    source: 'https://replicate.com/bytedance/seedance-1-lite',
    note: 'Median run time 38.1 s on the model page; a video model, so minutes are allowed for queueing.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
    typicalSeconds: 160,
    deadlineMs: 15 * MINUTE,
    source: 'https://www.eachlabs.ai/kling/kling-v2-5/kling-v2-5-turbo-pro-image-to-video',
    note: 'fal publishes no run time; a reseller of the same Kling model gives 160 s of processing for 5 s.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/kling-video/v2.1/pro/image-to-video',
    typicalSeconds: 360,
    deadlineMs: 30 * MINUTE,
    source: 'https://fal.ai/models/fal-ai/kling-video/v2.1/pro/image-to-video',
    note: 'Former default. Not published: several minutes (estimate).',
  },
  {
    provider: 'replicate',
    model: 'minimax/video-01',
    typicalSeconds: 300,
    deadlineMs: 30 * MINUTE,
    source: 'https://replicate.com/minimax/video-01',
    note: 'Former default. Not re-confirmed: minutes (estimate).',
  },
  {
    provider: 'replicate',
    model: 'elevenlabs/music',
    typicalSeconds: 13.3,
    deadlineMs: 3 * MINUTE,
    source: 'https://replicate.com/elevenlabs/music',
    note: 'Median run time 13.3 s on the model page.',
  },
  {
    provider: 'replicate',
    model: 'stability-ai/stable-audio-2.5',
    typicalSeconds: 5.8,
    deadlineMs: 3 * MINUTE,
    source: 'https://replicate.com/stability-ai/stable-audio-2.5',
    note: 'Former default. Median run time 5.8 s on the model page.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/elevenlabs/sound-effects/v2',
    typicalSeconds: 5,
    deadlineMs: 3 * MINUTE,
    source: 'https://fal.ai/models/fal-ai/elevenlabs/sound-effects/v2',
    note: 'Not published: seconds (estimate).',
  },
  {
    provider: 'elevenlabs',
    model: 'eleven_text_to_sound_v2',
    typicalSeconds: 5,
    deadlineMs: 2 * MINUTE,
    source: 'https://elevenlabs.io/docs/api-reference/text-to-sound-effects/convert',
    note: 'Not published: seconds (estimate). The answer comes in the request.',
  },
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    typicalSeconds: 30,
    deadlineMs: 3 * MINUTE,
    source: 'https://platform.openai.com/docs/models/gpt-4o-mini',
    note: 'A report of about 3,000 tokens: tens of seconds (estimate). The answer comes in the request.',
  },
];

/** Providers whose requests queue (the engines poll or wait for a webhook) rather than answer in the request. */
const queuedProviders: ReadonlySet<ProviderName> = new Set(['fal', 'replicate', 'fashn']);

/**
 * A model not in the table (an admin's own choice): 15 minutes where the request queues, since it may be a video model,
 * and 3 minutes for an answer in the request.
 */
export const unknownModelDeadlineMs = (provider: ProviderName) => (queuedProviders.has(provider) ? 15 * MINUTE : 3 * MINUTE);

/** The deadline of one request of this provider and model, in milliseconds. A dated OpenAI snapshot takes its model's. */
export function deadlineMsOf(provider: ProviderName, model: string): number {
  const find = (name: string) => providerDeadlines.find((entry) => entry.provider === provider && entry.model === name);
  const entry = find(model) ?? (provider === 'openai' ? find(model.replace(/-\d{4}-\d{2}-\d{2}$/, '')) : undefined);
  return entry?.deadlineMs ?? unknownModelDeadlineMs(provider);
}
