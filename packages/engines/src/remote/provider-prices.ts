import type { ProviderName } from './provider-catalogue.ts';

/**
 * What hosted provider runs cost, in the unit each provider bills, with the source and the date each price was
 * checked (docs/provider-prices.md gives the same table). A price that could not be confirmed from a source is
 * marked `confirmed: false` and set high on purpose (a conservative figure). Admins may override any rate without
 * a code change (admin providers page): overrides are passed in as `PriceOverrides`.
 */
type RunParams = Record<string, unknown>;

/** One billed unit of a price, e.g. 'megapixel' at $0.003. */
export type PriceRate = { key: string; unit: string; usd: number };

/** What a provider itself reported a run used, keyed like the rates (e.g. { 'gpu-second': 2.4 } from Replicate's predict_time). */
export type ProviderUsage = Partial<Record<string, number>>;

/** USD per unit set by an admin, keyed `${provider} ${model} ${rate}`. */
export type PriceOverrides = Readonly<Record<string, number>>;

export type ProviderPrice = {
  provider: ProviderName;
  model: string;
  rates: PriceRate[];
  /** The units a run is expected to bill at these params (used when the provider reports no usage). */
  expectedUnits(params: RunParams): Record<string, number>;
  /** Where the price is published, and when it was last checked. */
  source: string;
  checked: string;
  confirmed: boolean;
  note: string;
};

const MICRO = 1_000_000;
const numberOf = (params: RunParams, key: string, fallback: number) => {
  const value = params[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
};
const imagesOf = (params: RunParams) => numberOf(params, 'numberOfImages', 1);

/** The pixels of fal's image_size presets for our aspect ratios (image-generator.fal.ts). */
const falImagePixels: Record<string, number> = {
  '1:1': 1024 * 1024,
  '16:9': 1024 * 576,
  '9:16': 576 * 1024,
  '4:3': 1024 * 768,
  '3:4': 768 * 1024,
};
/** fal rounds each image up to whole megapixels of 1024 × 1024 pixels (a 1024 × 768 image bills 1 MP). */
const falMegapixelsPerImage = (params: RunParams) =>
  Math.ceil((falImagePixels[String(params.aspectRatio)] ?? falImagePixels['1:1']!) / 2 ** 20);

/** The hosted speed-painting clip length: Kling-style endpoints make 5 or 10 s; `clipSeconds` is the configured cap. */
export const hostedClipSeconds = (params: RunParams) => {
  const requested = numberOf(params, 'durationSeconds', 5) < 8 ? 5 : 10;
  return Math.min(requested, numberOf(params, 'clipSeconds', 5) < 8 ? 5 : 10);
};

/**
 * GPT image output tokens per image by quality, square and non-square. gpt-image-2.x does not publish per-image
 * counts for low and medium quality: these are conservative figures (about 1.5 times gpt-image-1's published
 * counts of 272/408 and 1056/1584 tokens); high is OpenAI's calculator figure for gpt-image-2 at 1024 × 1024 (7024).
 */
const gptImageOutputTokens: Record<string, [number, number]> = {
  low: [400, 600],
  medium: [1600, 2400],
  high: [7024, 10_536],
  auto: [7024, 10_536],
};
const gptOutputTokens = (params: RunParams, square: boolean) => {
  const [sq, other] = gptImageOutputTokens[String(params.quality ?? 'low')] ?? gptImageOutputTokens.low!;
  return square ? sq : other;
};
/** An edit sends the photo (and for backdrops a reference) at high input fidelity: about 6,500 image tokens (conservative). */
const GPT_EDIT_IMAGE_INPUT_TOKENS = 6500;
const GPT_PROMPT_TOKENS = 150;

const gptImageRates = (textInput: number, imageInput: number, imageOutput: number): PriceRate[] => [
  { key: 'text-input-token', unit: 'text input token', usd: textInput / MICRO },
  { key: 'image-input-token', unit: 'image input token', usd: imageInput / MICRO },
  { key: 'image-output-token', unit: 'image output token', usd: imageOutput / MICRO },
];

const openAiImageSource = 'https://developers.openai.com/api/docs/models/gpt-image-2.6-sunburst';

/** Sales pilot: a long call transcript with the report's schema in, the report out (conservative). */
const SALES_PILOT_INPUT_TOKENS = 12_000;
const SALES_PILOT_OUTPUT_TOKENS = 3_000;

export const providerPrices: readonly ProviderPrice[] = [
  {
    provider: 'replicate',
    model: '851-labs/background-remover',
    rates: [{ key: 'gpu-second', unit: 'GPU second', usd: 0.0014 }],
    expectedUnits: () => ({ 'gpu-second': 3 }),
    source: 'https://replicate.com/pricing',
    checked: '2026-11-28',
    confirmed: false,
    note: 'Community model billed by run time (metrics.predict_time) on its hardware. The hardware rates are confirmed on replicate.com/pricing (A100 80GB $0.0014/s, T4 $0.000225/s); which hardware this model runs on is not stated anywhere we could read, so the dearest, the A100, and 3 s per run are assumed.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/birefnet/v2',
    rates: [{ key: 'image', unit: 'image', usd: 0.002 }],
    expectedUnits: () => ({ image: 1 }),
    source: 'https://fal.ai/models/fal-ai/birefnet/v2',
    checked: '2026-11-28',
    confirmed: false,
    note: 'Not confirmed: no page we could read (fal’s model page and API reference) gives a price for this endpoint; $0.002 per image is a conservative assumption.',
  },
  {
    provider: 'openai',
    model: 'gpt-image-2.6-flare',
    rates: gptImageRates(5, 8, 30),
    expectedUnits: (params) => ({
      'text-input-token': GPT_PROMPT_TOKENS,
      'image-input-token': params.edit === true ? GPT_EDIT_IMAGE_INPUT_TOKENS : 0,
      'image-output-token': imagesOf(params) * gptOutputTokens(params, params.aspectRatio === undefined || params.aspectRatio === '1:1'),
    }),
    source: openAiImageSource,
    checked: '2026-11-28',
    confirmed: true,
    note: 'Per-token rates ($5 text in, $8 image in, $30 image out per million) as OpenAI publishes them for GPT-Image-2.6 (Flare has Sunburst’s token rates). The tokens per image at low/medium quality are not published: the expected cost uses conservative estimates, and a run records the tokens OpenAI reports in usage.',
  },
  {
    provider: 'removebg',
    model: 'removebg',
    rates: [{ key: 'credit', unit: 'remove.bg credit', usd: 1.99 }],
    expectedUnits: () => ({ credit: 1 }),
    source: 'https://www.remove.bg/help/a/what-are-image-credits',
    checked: '2026-11-28',
    confirmed: false,
    note: 'One credit per full-resolution image, ¼ for a preview (confirmed on remove.bg’s help page); a run records the credits remove.bg says it charged (X-Credits-Charged). The price of a credit could not be found on any page we could read (it depends on the plan): $1.99, a single pay-as-you-go credit, is assumed.',
  },
  {
    provider: 'replicate',
    model: 'black-forest-labs/flux-schnell',
    rates: [{ key: 'image', unit: 'output image', usd: 0.003 }],
    expectedUnits: (params) => ({ image: imagesOf(params) }),
    source: 'https://replicate.com/black-forest-labs/flux-schnell',
    checked: '2026-11-25',
    confirmed: true,
    note: '$3 per thousand output images.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/flux/schnell',
    rates: [{ key: 'megapixel', unit: 'megapixel', usd: 0.003 }],
    expectedUnits: (params) => ({ megapixel: imagesOf(params) * falMegapixelsPerImage(params) }),
    source: 'https://fal.ai/models/fal-ai/flux/schnell',
    checked: '2026-11-27',
    confirmed: true,
    note: 'Each image rounded up to whole megapixels of 1024 × 1024 pixels.',
  },
  {
    provider: 'replicate',
    model: 'google/nano-banana',
    rates: [{ key: 'image', unit: 'output image', usd: 0.039 }],
    expectedUnits: () => ({ image: 1 }),
    source: 'https://replicate.com/google/nano-banana',
    checked: '2026-11-28',
    confirmed: true,
    note: '$0.039 per output image (the same as Google’s Gemini 2.5 Flash Image list price).',
  },
  {
    provider: 'fal',
    model: 'fal-ai/fashn/tryon/v1.6',
    rates: [{ key: 'image', unit: 'output image', usd: 0.075 }],
    expectedUnits: () => ({ image: 1 }),
    source: 'https://fal.ai/models/fal-ai/fashn/tryon/v1.6',
    checked: '2026-11-25',
    confirmed: true,
    note: '',
  },
  {
    provider: 'fashn',
    model: 'tryon-v1.6',
    rates: [{ key: 'credit', unit: 'FASHN API credit', usd: 0.1 }],
    expectedUnits: () => ({ credit: 1 }),
    source: 'https://help.fashn.ai/plans-and-pricing/app-pricing',
    checked: '2026-11-28',
    confirmed: false,
    note: 'One credit per output image (docs.fashn.ai, Try-On v1.6). The price of an API credit could not be found on any page we could read; FASHN’s own top-up price for App credits, $0.10 per credit, is used as a conservative figure (fal sells the same model at $0.075 per image). The run records the credits_used FASHN reports.',
  },
  {
    provider: 'replicate',
    model: 'bytedance/seedance-1-lite',
    rates: [
      { key: 'video-second-480p', unit: 'second of 480p video', usd: 0.018 },
      { key: 'video-second-720p', unit: 'second of 720p video', usd: 0.036 },
    ],
    expectedUnits: (params) => ({ [`video-second-${params.resolution === '720p' ? '720p' : '480p'}`]: hostedClipSeconds(params) }),
    source: 'https://replicate.com/bytedance/seedance-1-lite',
    checked: '2026-11-28',
    confirmed: true,
    note: '$0.018 per second of 480p video, $0.036 per second of 720p ($0.072 at 1080p, not used); the hosted clip is 5 s at the job’s resolution.',
  },
  {
    provider: 'fal',
    model: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
    rates: [{ key: 'video-second', unit: 'second of video', usd: 0.07 }],
    expectedUnits: (params) => ({ 'video-second': hostedClipSeconds(params) }),
    source: 'https://fal.ai/models/fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
    checked: '2026-11-28',
    confirmed: true,
    note: '$0.35 for 5 s and $0.07 per further second, i.e. $0.07 per second of a 5 or 10 s clip; takes tail_image_url (the last frame).',
  },
  {
    provider: 'fal',
    model: 'fal-ai/kling-video/v2.1/pro/image-to-video',
    rates: [{ key: 'video-second', unit: 'second of video', usd: 0.098 }],
    expectedUnits: (params) => ({ 'video-second': hostedClipSeconds(params) }),
    source: 'https://fal.ai/models/fal-ai/kling-video/v2.1/pro/image-to-video',
    checked: '2026-11-25',
    confirmed: true,
    note: '$0.49 for 5 s and $0.098 per further second, i.e. $0.098 per second of a 5 or 10 s clip.',
  },
  {
    provider: 'replicate',
    model: 'elevenlabs/music',
    rates: [{ key: 'audio-second', unit: 'second of audio', usd: 0.0083 }],
    expectedUnits: (params) => ({ 'audio-second': Math.max(5, Math.ceil(numberOf(params, 'durationSeconds', 8))) }),
    source: 'https://replicate.com/elevenlabs/music',
    checked: '2026-11-28',
    confirmed: true,
    note: '$8.30 per thousand seconds of output audio; at least 5 s (music_length_ms from 5000).',
  },
  {
    provider: 'fal',
    model: 'fal-ai/elevenlabs/sound-effects/v2',
    rates: [{ key: 'audio-second', unit: 'second of audio', usd: 0.002 }],
    expectedUnits: (params) => ({ 'audio-second': Math.min(22, Math.ceil(numberOf(params, 'durationSeconds', 8))) }),
    source: 'https://fal.ai/models/fal-ai/elevenlabs/sound-effects/v2',
    checked: '2026-11-25',
    confirmed: true,
    note: 'fal stops at 22 s.',
  },
  {
    provider: 'elevenlabs',
    model: 'eleven_text_to_sound_v2',
    rates: [{ key: 'generation', unit: 'sound effect generation', usd: 0.12 }],
    expectedUnits: () => ({ generation: 1 }),
    source: 'https://elevenlabs.io/pricing/api',
    checked: '2026-11-28',
    confirmed: false,
    note: 'Not confirmed from ElevenLabs’ own pricing page (not readable here): a June 2026 breakdown of the ElevenAPI price list gives $0.12 per sound-effect generation whatever the plan; ElevenLabs’ older API reference charged 25 characters per second of a set duration (about $0.02 for 8 s). The dearer figure, $0.12 per generation, is used.',
  },
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    rates: [
      { key: 'input-token', unit: 'input token', usd: 0.15 / MICRO },
      { key: 'cached-input-token', unit: 'cached input token', usd: 0.075 / MICRO },
      { key: 'output-token', unit: 'output token', usd: 0.6 / MICRO },
    ],
    expectedUnits: () => ({ 'input-token': SALES_PILOT_INPUT_TOKENS, 'output-token': SALES_PILOT_OUTPUT_TOKENS }),
    source: 'https://openai.com/api/pricing/',
    checked: '2026-11-27',
    confirmed: true,
    note: 'The run records the tokens OpenAI reports in usage.',
  },
  // Former defaults, for a configuration that still names them.
  {
    provider: 'replicate',
    model: 'minimax/video-01',
    rates: [{ key: 'video', unit: 'output video (6 s)', usd: 0.5 }],
    expectedUnits: () => ({ video: 1 }),
    source: 'https://replicate.com/minimax/video-01',
    checked: '2026-11-28',
    confirmed: false,
    note: 'Former speed-painting default. $0.50 per video as last published on the model page; not re-confirmed.',
  },
  {
    provider: 'replicate',
    model: 'stability-ai/stable-audio-2.5',
    rates: [{ key: 'output', unit: 'audio file', usd: 0.2 }],
    expectedUnits: () => ({ output: 1 }),
    source: 'https://replicate.com/stability-ai/stable-audio-2.5',
    checked: '2026-11-28',
    confirmed: true,
    note: 'Former sound default. $0.20 per audio file whatever its length (Stability AI’s own price is the same, 20 credits per generation).',
  },
];

/** The price of a provider's model; a dated OpenAI snapshot (gpt-4o-mini-2024-07-18) takes its model's price. */
export function priceOf(provider: string, model: string): ProviderPrice | undefined {
  const find = (name: string) => providerPrices.find((price) => price.provider === provider && price.model === name);
  return find(model) ?? (provider === 'openai' ? find(model.replace(/-\d{4}-\d{2}-\d{2}$/, '')) : undefined);
}

export const overrideKey = (provider: string, model: string, rate: string) => `${provider} ${model} ${rate}`;

const rateOf = (price: ProviderPrice, rate: PriceRate, overrides: PriceOverrides) =>
  overrides[overrideKey(price.provider, price.model, rate.key)] ?? rate.usd;

const costOf = (price: ProviderPrice, units: Partial<Record<string, number>>, overrides: PriceOverrides) =>
  Math.round(price.rates.reduce((sum, rate) => sum + (units[rate.key] ?? 0) * rateOf(price, rate, overrides), 0) * MICRO);

/**
 * The expected price of one run at these params, in millionths of a US dollar, or null when no price is on
 * record. This is the expected-cost function other parts (budget reservation, the below-cost check) call.
 */
export function publishedPriceMicroUsd(provider: string, model: string, params: RunParams, overrides: PriceOverrides = {}): number | null {
  const price = priceOf(provider, model);
  return price ? costOf(price, price.expectedUnits(params), overrides) : null;
}

/**
 * What a finished run cost: from the provider's own usage figure when it reported one for a billed unit
 * (Replicate's predict_time, FASHN's credits_used, OpenAI's usage), else the expected price at its params.
 */
export function runCostMicroUsd(
  provider: string,
  model: string,
  params: RunParams,
  usage: ProviderUsage | undefined,
  overrides: PriceOverrides = {},
): number | null {
  const price = priceOf(provider, model);
  if (!price) return null;
  const reported = usage && price.rates.some((rate) => typeof usage[rate.key] === 'number');
  return costOf(price, reported ? usage : price.expectedUnits(params), overrides);
}

/** Token counts a Chat Completions answer reports in `usage`. */
export type ChatUsage = { promptTokens: number; cachedPromptTokens: number; completionTokens: number };

/** A chat completion's token counts as billed units. */
export function chatUsage(usage: ChatUsage): ProviderUsage {
  return {
    'input-token': Math.max(0, usage.promptTokens - usage.cachedPromptTokens),
    'cached-input-token': usage.cachedPromptTokens,
    'output-token': usage.completionTokens,
  };
}

/** What one chat completion cost from the provider's own token counts, in millionths of a dollar; null without a price. */
export function chatCostMicroUsd(model: string, usage: ChatUsage, overrides: PriceOverrides = {}): number | null {
  return runCostMicroUsd('openai', model, {}, chatUsage(usage), overrides);
}
