import { z } from 'zod';
import type { EngineFile } from '../engine.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { downloadFile } from './output-download.ts';
import { deadlineMsOf } from './provider-deadlines.ts';
import type { ProviderUsage } from './provider-prices.ts';
import { unreadableAnswer } from './provider-queue.ts';

export type OpenAiImageSettings = {
  apiKey: string;
  /** https://api.openai.com, or an OpenAI-compatible server. */
  baseUrl: string;
  /** A GPT image model, e.g. gpt-image-2.6-flare. */
  model: string;
  quality: 'low' | 'medium' | 'high' | 'auto';
  http: HttpPolicy;
};

export type OpenAiImageSize = '1024x1024' | '1536x1024' | '1024x1536';

const PROVIDER = 'OpenAI';

/** GPT image requests answer only once the pictures are made: the model's deadline (provider-deadlines.ts) is the time to answer. */
const slow = (http: HttpPolicy, model: string): HttpPolicy => ({
  ...http,
  timeoutMs: Math.max(http.timeoutMs, deadlineMsOf('openai', model)),
});

const tokenCount = z.number().int().nonnegative();
const imagesSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })).min(1),
  usage: z.unknown().optional(),
});
/** The tokens OpenAI bills for a GPT image call; an answer without it (or another shape) records the expected price. */
const usageSchema = z.object({
  input_tokens: tokenCount,
  output_tokens: tokenCount,
  input_tokens_details: z.object({ text_tokens: tokenCount.optional(), image_tokens: tokenCount.optional() }).nullable().optional(),
  output_tokens_details: z.object({ image_tokens: tokenCount.optional() }).nullable().optional(),
});

/** Told the tokens a call was billed for, in the units of provider-prices.ts. */
export type UsageSink = (usage: ProviderUsage) => void;

function reportUsage(raw: unknown, onUsage: UsageSink | undefined) {
  const parsed = usageSchema.safeParse(raw);
  if (!parsed.success || !onUsage) return;
  const usage = parsed.data;
  const details = usage.input_tokens_details;
  onUsage({
    'text-input-token':
      details?.text_tokens ?? (details?.image_tokens === undefined ? usage.input_tokens : usage.input_tokens - details.image_tokens),
    'image-input-token': details?.image_tokens ?? 0,
    'image-output-token': usage.output_tokens_details?.image_tokens ?? usage.output_tokens,
  });
}

async function imagesOf(body: Buffer, settings: OpenAiImageSettings, signal: AbortSignal, onUsage?: UsageSink): Promise<Buffer[]> {
  let parsed: z.infer<typeof imagesSchema>;
  try {
    parsed = imagesSchema.parse(JSON.parse(body.toString('utf8')));
  } catch {
    throw unreadableAnswer(PROVIDER, body);
  }
  reportUsage(parsed.usage, onUsage);
  const images: Buffer[] = [];
  for (const item of parsed.data) {
    if (item.b64_json) images.push(Buffer.from(item.b64_json, 'base64'));
    else if (item.url) images.push(await downloadFile(item.url, { http: settings.http }, signal));
  }
  if (images.length === 0) throw unreadableAnswer(PROVIDER, body);
  return images;
}

/** POST /v1/images/generations: `n` pictures from a prompt, as PNG bytes. */
export async function generateImages(
  settings: OpenAiImageSettings,
  request: { prompt: string; n: number; size: OpenAiImageSize },
  signal: AbortSignal,
  onUsage?: UsageSink,
): Promise<Buffer[]> {
  const answer = await sendRequest(
    {
      method: 'POST',
      url: `${settings.baseUrl}/v1/images/generations`,
      headers: { Authorization: `Bearer ${settings.apiKey}` },
      json: {
        model: settings.model,
        prompt: request.prompt,
        n: request.n,
        size: request.size,
        quality: settings.quality,
        output_format: 'png',
      },
    },
    slow(settings.http, settings.model),
    signal,
  );
  return imagesOf(answer.body, settings, signal, onUsage);
}

/**
 * POST /v1/images/edits (multipart): one picture edited from `images` (the first is the one to
 * edit, the others are references) and a prompt; `background: 'transparent'` asks for alpha.
 */
export async function editImage(
  settings: OpenAiImageSettings,
  request: { images: EngineFile[]; prompt: string; size: OpenAiImageSize | 'auto'; background?: 'transparent' | 'opaque' },
  signal: AbortSignal,
  onUsage?: UsageSink,
): Promise<Buffer> {
  const form = new FormData();
  form.append('model', settings.model);
  form.append('prompt', request.prompt);
  for (const image of request.images) {
    form.append(
      request.images.length > 1 ? 'image[]' : 'image',
      new Blob([new Uint8Array(image.data)], { type: image.contentType }),
      image.name,
    );
  }
  form.append('size', request.size);
  form.append('quality', settings.quality);
  // gpt-image-1 and 1.5 take input_fidelity; later GPT image models always read inputs at high fidelity.
  if (/^gpt-image-1(\.5)?(-|$)/.test(settings.model)) form.append('input_fidelity', 'high');
  form.append('output_format', 'png');
  if (request.background) form.append('background', request.background);
  const answer = await sendRequest(
    { method: 'POST', url: `${settings.baseUrl}/v1/images/edits`, headers: { Authorization: `Bearer ${settings.apiKey}` }, form },
    slow(settings.http, settings.model),
    signal,
  );
  const [first] = await imagesOf(answer.body, settings, signal, onUsage);
  return first!;
}

/** The GPT image size closest to an aspect ratio (square, landscape 3:2 or portrait 2:3). */
export function openAiSizeFor(width: number, height: number): OpenAiImageSize {
  const ratio = width / height;
  if (ratio > 1.2) return '1536x1024';
  if (ratio < 1 / 1.2) return '1024x1536';
  return '1024x1024';
}
