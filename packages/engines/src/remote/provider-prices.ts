/**
 * What one run costs at the provider, from the price it publishes per unit (looked up on
 * 2026-11-25; the README's provider table links each source). null where no price was confirmed:
 * the job then records no cost rather than a guess.
 */
type RunParams = Record<string, unknown>;

const MICRO = 1_000_000;
const numberOf = (params: RunParams, key: string, fallback: number) => {
  const value = params[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
};

/** The pixels of fal's image_size presets for our aspect ratios (image-generator.fal.ts). */
const falImagePixels: Record<string, number> = {
  '1:1': 1024 * 1024,
  '16:9': 1024 * 576,
  '9:16': 576 * 1024,
  '4:3': 1024 * 768,
  '3:4': 768 * 1024,
};
/**
 * fal bills FLUX.1 [schnell] at $0.003 per megapixel, each image rounded up to whole megapixels of 1024 × 1024
 * pixels: fal's pricing counts a 1024 × 1024 image as 1 MP (and 1024 × 768 as 1 MP), not as the 1.05 million
 * pixels it holds (checked 2026-11-27 against fal's model page for fal-ai/flux/schnell).
 */
const FAL_MEGAPIXEL = 1024 * 1024;
const falMegapixelsPerImage = (params: RunParams) =>
  Math.ceil((falImagePixels[String(params.aspectRatio)] ?? falImagePixels['1:1']!) / FAL_MEGAPIXEL);
/** fal's Kling v2.1 pro image-to-video: $0.49 for 5 s, $0.098 per further second; we ask for 5 or 10 s. */
const klingSeconds = (params: RunParams) => (numberOf(params, 'durationSeconds', 5) <= 5 ? 5 : 10);
/** fal's ElevenLabs sound effects stop at 22 s. */
const falSoundSeconds = (params: RunParams) => Math.min(22, Math.ceil(numberOf(params, 'durationSeconds', 5)));

const prices: Record<string, (params: RunParams) => number> = {
  'fal fal-ai/flux/schnell': (params) => numberOf(params, 'numberOfImages', 1) * falMegapixelsPerImage(params) * 0.003,
  // Replicate's official model page: $3 per thousand output images.
  'replicate black-forest-labs/flux-schnell': (params) => numberOf(params, 'numberOfImages', 1) * 0.003,
  'fal fal-ai/fashn/tryon/v1.6': () => 0.075,
  'fal fal-ai/kling-video/v2.1/pro/image-to-video': (params) => 0.49 + (klingSeconds(params) - 5) * 0.098,
  'fal fal-ai/elevenlabs/sound-effects/v2': (params) => falSoundSeconds(params) * 0.002,
};

/** Token counts a Chat Completions answer reports in `usage`. */
export type ChatUsage = { promptTokens: number; cachedPromptTokens: number; completionTokens: number };

/**
 * USD per million tokens (input, cached input, output) of the chat models we default to. gpt-4o-mini: $0.15 input,
 * $0.075 cached input, $0.60 output per million tokens (OpenAI's pricing page, https://openai.com/api/pricing/,
 * the same figures since its launch; checked 2026-11-27 against two copies of that page).
 */
const chatTokenPrices: Record<string, { input: number; cachedInput: number; output: number }> = {
  'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
};

/**
 * What one chat completion cost from the provider's own token counts, in millionths of a US dollar; null for a
 * model without a price on record (a dated snapshot such as gpt-4o-mini-2024-07-18 takes its model's price).
 */
export function chatCostMicroUsd(model: string, usage: ChatUsage): number | null {
  const price = chatTokenPrices[model] ?? chatTokenPrices[model.replace(/-\d{4}-\d{2}-\d{2}$/, '')];
  if (!price) return null;
  const uncached = Math.max(0, usage.promptTokens - usage.cachedPromptTokens);
  return Math.round(uncached * price.input + usage.cachedPromptTokens * price.cachedInput + usage.completionTokens * price.output);
}

/** The published price of one run in millionths of a US dollar, or null when none is on record. */
export function publishedPriceMicroUsd(provider: string, model: string, params: RunParams): number | null {
  const price = prices[`${provider} ${model}`];
  return price ? Math.round(price(params) * MICRO) : null;
}
