import { z } from 'zod';
import type { ProviderName } from '@lumen/core/services/providers';
import type { EngineContext } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { createFalKeySet, verifyFalWebhook } from './fal-webhook.ts';
import type { FalKeySet } from './fal-webhook.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { downloadFile } from './output-download.ts';
import { runOnQueue, unreadableAnswer } from './provider-queue.ts';
import type { QueueClient, QueueState } from './provider-queue.ts';

export type FalSettings = {
  apiKey: string;
  /** https://queue.fal.run, or a compatible server. */
  queueUrl: string;
  /** fal's webhook signing keys (JWKS). */
  jwksUrl: string;
  http: HttpPolicy;
  /** Wait between two status requests while the request is queued or running. */
  pollIntervalMs: number;
};

/** fal's id and its display name are the same word. */
const PROVIDER: ProviderName = 'fal';

const submittedSchema = z.object({ request_id: z.string().min(1) });
const statusSchema = z.object({
  status: z.string(),
  queue_position: z.number().optional(),
  error: z.unknown().optional(),
  error_type: z.string().optional(),
});

/** Namespaces fal puts before owner/alias in an endpoint id (as its own client does). */
const namespaces = new Set(['workflows', 'comfy']);

/**
 * The app part of an endpoint id: status, result and cancel live under owner/alias only, e.g.
 * 'fal-ai/flux/schnell' submits to /fal-ai/flux/schnell but is polled under /fal-ai/flux/requests/….
 */
export function falAppPath(model: string): string {
  const parts = model.split('/');
  const take = namespaces.has(parts[0]!) ? 3 : 2;
  return parts.slice(0, take).join('/');
}

function parse<T>(schema: z.ZodType<T>, body: Buffer): T {
  try {
    return schema.parse(JSON.parse(body.toString('utf8')));
  } catch {
    throw unreadableAnswer(PROVIDER, body);
  }
}

function stateOf(status: z.infer<typeof statusSchema>): QueueState {
  switch (status.status) {
    case 'IN_QUEUE':
      return 'queued';
    case 'COMPLETED':
      return status.error === undefined || status.error === null ? 'succeeded' : 'failed';
    case 'FAILED':
    case 'ERROR':
      return 'failed';
    case 'CANCELLED':
    case 'CANCELED':
      return 'canceled';
    default:
      return 'running';
  }
}

/**
 * fal's queue API for one endpoint (POST queue.fal.run/{model} with `Authorization: Key …`,
 * `?fal_webhook=` for a webhook; GET …/requests/{id}/status; GET …/requests/{id} for the result;
 * PUT …/requests/{id}/cancel) and its Ed25519-signed webhooks.
 */
export function createFalQueue(
  settings: FalSettings,
  model: string,
  keySet: FalKeySet = createFalKeySet(settings.jwksUrl, settings.http),
): QueueClient {
  const auth = { Authorization: `Key ${settings.apiKey}` };
  const requestUrl = (id: string) => `${settings.queueUrl}/${falAppPath(model)}/requests/${encodeURIComponent(id)}`;
  return {
    provider: PROVIDER,
    model,
    async submit(input, options, signal) {
      const webhook = options.webhookUrl ? `?fal_webhook=${encodeURIComponent(options.webhookUrl)}` : '';
      const answer = await sendRequest(
        { method: 'POST', url: `${settings.queueUrl}/${model}${webhook}`, headers: auth, json: input },
        settings.http,
        signal,
      );
      return { requestId: parse(submittedSchema, answer.body).request_id };
    },
    async status(requestId, signal) {
      const answer = await sendRequest({ method: 'GET', url: `${requestUrl(requestId)}/status`, headers: auth }, settings.http, signal);
      const status = parse(statusSchema, answer.body);
      const state = stateOf(status);
      return {
        requestId,
        state,
        ...(status.queue_position !== undefined ? { queuePosition: status.queue_position } : {}),
        ...(state === 'failed'
          ? { error: typeof status.error === 'string' ? status.error : (status.error_type ?? JSON.stringify(status.error ?? null)) }
          : {}),
      };
    },
    async result(requestId, signal) {
      const answer = await sendRequest({ method: 'GET', url: requestUrl(requestId), headers: auth }, settings.http, signal);
      try {
        return JSON.parse(answer.body.toString('utf8')) as unknown;
      } catch {
        throw unreadableAnswer(PROVIDER, answer.body);
      }
    },
    async cancel(requestId) {
      try {
        await sendRequest(
          { method: 'PUT', url: `${requestUrl(requestId)}/cancel`, headers: auth },
          { ...settings.http, retries: 0, timeoutMs: 5000 },
          new AbortController().signal,
        );
        return true;
      } catch {
        // 400 ALREADY_COMPLETED, or unreachable
        return false;
      }
    },
    verifyWebhook(rawBody, headers, now = new Date()) {
      return verifyFalWebhook(rawBody, headers, now, keySet);
    },
  };
}

/** The URLs of the files a fal endpoint returned: images[], image, video, audio or audio_file. */
export function falOutputUrls(output: unknown): string[] {
  const url = (file: unknown) =>
    file && typeof file === 'object' && typeof (file as { url?: unknown }).url === 'string' ? [(file as { url: string }).url] : [];
  if (!output || typeof output !== 'object') return [];
  const record = output as Record<string, unknown>;
  const images = Array.isArray(record.images) ? record.images.flatMap(url) : [];
  const urls = [...images, ...url(record.image), ...url(record.video), ...url(record.audio), ...url(record.audio_file)];
  return urls;
}

/** Runs one request on a fal endpoint and downloads the files it returned (public links, no key sent). */
export async function runFalForFiles(
  settings: FalSettings,
  model: string,
  input: Record<string, unknown>,
  context: EngineContext,
): Promise<{ files: Buffer[]; output: unknown }> {
  const output = await runOnQueue(createFalQueue(settings, model), input, context, settings.pollIntervalMs);
  const urls = falOutputUrls(output);
  if (urls.length === 0) {
    throw new ProviderError(`The ${PROVIDER} service finished without returning a file`, {
      transient: false,
      provider: PROVIDER,
      detail: JSON.stringify(output ?? null).slice(0, 300),
    });
  }
  const files: Buffer[] = [];
  for (const url of urls) files.push(await downloadFile(url, { http: settings.http }, context.signal));
  context.onProgress(1);
  return { files, output };
}
