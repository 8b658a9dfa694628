import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import type { EngineContext, EngineFile } from '../engine.ts';
import { readImageInput } from '../ai-background/read-image-input.ts';
import { ProviderError } from '../provider-error.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';

export type ReplicateSettings = {
  apiToken: string;
  /** https://api.replicate.com, or a compatible server. */
  baseUrl: string;
  http: HttpPolicy;
  /** Wait between two GET /v1/predictions/{id} while the prediction is starting or processing. */
  pollIntervalMs: number;
};

const PROVIDER = 'Replicate';

const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  urls: z.object({ get: z.string().optional(), cancel: z.string().optional() }).partial().optional(),
});
type Prediction = z.infer<typeof predictionSchema>;

/**
 * Where and what to POST for a model reference: 'owner/name' runs the model's latest version
 * (POST /v1/models/{owner}/{name}/predictions); 'owner/name:version' or a bare 64-hex version id
 * runs that version (POST /v1/predictions with `version`).
 */
export function predictionRequest(baseUrl: string, model: string, input: Record<string, unknown>) {
  const versioned = /^(?:[\w.-]+\/[\w.-]+:)?([0-9a-f]{64})$/.exec(model);
  if (versioned) return { url: `${baseUrl}/v1/predictions`, json: { version: versioned[1], input } };
  const named = /^([\w.-]+)\/([\w.-]+)$/.exec(model);
  if (!named) throw new Error(`Invalid Replicate model reference '${model}' (use owner/name or owner/name:version)`);
  return { url: `${baseUrl}/v1/models/${named[1]}/${named[2]}/predictions`, json: { input } };
}

/** A file input as a data URL (Replicate accepts HTTP or data URLs for file inputs). */
export function toDataUrl(file: EngineFile): string {
  return `data:${file.contentType};base64,${file.data.toString('base64')}`;
}

/** Long side of pictures sent to a model: enough for every hosted model, small enough for a data URL. */
export const remoteImageLongSide = 1536;

/** Checks an uploaded picture (EngineInputError naming `what`) and returns it as an upright JPEG data URL. */
export async function imageDataUrl(file: EngineFile | undefined, what: string): Promise<{ url: string; width: number; height: number }> {
  const image = await readImageInput(file, what, { longSide: remoteImageLongSide });
  const jpeg = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { url: toDataUrl({ name: 'input.jpg', contentType: 'image/jpeg', data: jpeg }), width: image.width, height: image.height };
}

function parsePrediction(body: Buffer): Prediction {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = predictionSchema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError(`The ${PROVIDER} service sent an answer we could not read`, {
      transient: false,
      provider: PROVIDER,
      detail: body.toString('utf8').slice(0, 300),
    });
  }
  return parsed.data;
}

function failureText(error: unknown): string {
  if (typeof error === 'string' && error.trim()) return error.trim().slice(0, 300);
  if (error && typeof error === 'object') return JSON.stringify(error).slice(0, 300);
  return 'no reason given';
}

/**
 * Runs one prediction: creates it, polls it until it succeeds, fails or is canceled, and returns
 * its output. Aborting the context's signal cancels the prediction (best effort) and stops.
 */
export async function runPrediction(
  settings: ReplicateSettings,
  model: string,
  input: Record<string, unknown>,
  context: EngineContext,
): Promise<unknown> {
  const { signal } = context;
  const auth = { Authorization: `Bearer ${settings.apiToken}` };
  const target = predictionRequest(settings.baseUrl, model, input);
  const created = await sendRequest({ method: 'POST', url: target.url, headers: auth, json: target.json }, settings.http, signal);
  let prediction = parsePrediction(created.body);
  const getUrl = prediction.urls?.get ?? `${settings.baseUrl}/v1/predictions/${encodeURIComponent(prediction.id)}`;
  const cancelUrl = prediction.urls?.cancel ?? `${getUrl}/cancel`;
  let polls = 0;
  try {
    while (prediction.status === 'starting' || prediction.status === 'processing') {
      context.onProgress(prediction.status === 'starting' ? 0.05 : Math.min(0.85, 0.1 + polls * 0.03));
      await waitFor(settings.pollIntervalMs, signal);
      polls += 1;
      prediction = parsePrediction((await sendRequest({ method: 'GET', url: getUrl, headers: auth }, settings.http, signal)).body);
    }
  } catch (error) {
    if (signal.aborted) void cancelPrediction(cancelUrl, auth, settings);
    throw error;
  }
  if (prediction.status === 'succeeded') {
    context.onProgress(0.9);
    return prediction.output;
  }
  if (prediction.status === 'failed') {
    throw new ProviderError(`The hosted model could not process this input: ${failureText(prediction.error)}`, {
      transient: false,
      provider: PROVIDER,
      detail: failureText(prediction.error),
    });
  }
  throw new ProviderError(`The ${PROVIDER} prediction was ${prediction.status} before it finished`, {
    transient: true,
    provider: PROVIDER,
  });
}

async function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw signal.reason;
  }
}

/** Stops a prediction we no longer wait for, so it is not billed to the end; failures are ignored. */
async function cancelPrediction(url: string, auth: Record<string, string>, settings: ReplicateSettings): Promise<void> {
  try {
    await sendRequest(
      { method: 'POST', url, headers: auth },
      { ...settings.http, retries: 0, timeoutMs: 5000 },
      new AbortController().signal,
    );
  } catch {
    // best effort
  }
}

/** Every file URL in an output: a string, an array of them, or an object whose values are URLs. */
export function outputUrls(output: unknown): string[] {
  const isUrl = (value: unknown): value is string => typeof value === 'string' && /^(https?:|data:)/.test(value);
  if (isUrl(output)) return [output];
  if (Array.isArray(output)) return output.flatMap((item) => outputUrls(item));
  if (output && typeof output === 'object') return Object.values(output).flatMap((value) => outputUrls(value));
  return [];
}

/**
 * Downloads an output file (or decodes a data URL). The API token is sent only to the API's own
 * origin; files on Replicate's delivery hosts are public links.
 */
export async function downloadOutput(settings: ReplicateSettings, url: string, signal: AbortSignal): Promise<Buffer> {
  const data = /^data:[^,]*?(;base64)?,(.*)$/s.exec(url);
  if (data) return data[1] ? Buffer.from(data[2]!, 'base64') : Buffer.from(decodeURIComponent(data[2]!), 'utf8');
  const sameOrigin = new URL(url).origin === new URL(settings.baseUrl).origin;
  const headers: Record<string, string> = sameOrigin ? { Authorization: `Bearer ${settings.apiToken}`, Accept: '*/*' } : { Accept: '*/*' };
  const response = await sendRequest(
    { method: 'GET', url, headers },
    { ...settings.http, timeoutMs: Math.max(settings.http.timeoutMs, 120_000) },
    signal,
  );
  return response.body;
}

/** Runs the prediction and downloads every output file; no file at all is an unreadable result. */
export async function runPredictionForFiles(
  settings: ReplicateSettings,
  model: string,
  input: Record<string, unknown>,
  context: EngineContext,
): Promise<Buffer[]> {
  const output = await runPrediction(settings, model, input, context);
  const urls = outputUrls(output);
  if (urls.length === 0) {
    throw new ProviderError(`The ${PROVIDER} service finished without returning a file`, {
      transient: false,
      provider: PROVIDER,
      detail: JSON.stringify(output ?? null).slice(0, 300),
    });
  }
  const files: Buffer[] = [];
  for (const url of urls) files.push(await downloadOutput(settings, url, context.signal));
  context.onProgress(1);
  return files;
}
