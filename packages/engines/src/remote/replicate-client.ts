import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import type { EngineContext } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { downloadOutputs } from './output-download.ts';
import { runOnQueue, unreadableAnswer } from './provider-queue.ts';
import type { QueueClient, QueueState, QueueStatus, WebhookVerification } from './provider-queue.ts';
import { verifyStandardWebhook } from './standard-webhooks.ts';
import { createWebhookSecretSource } from './webhook-secret-source.ts';

export type ReplicateSettings = {
  apiToken: string;
  /** https://api.replicate.com, or a compatible server. */
  baseUrl: string;
  http: HttpPolicy;
  /** Wait between two GET /v1/predictions/{id} while the prediction is starting or processing. */
  pollIntervalMs: number;
  /**
   * The account's webhook signing secret ('whsec_…'); read from GET /v1/webhooks/default/secret when absent, once (a
   * failed read waits 5 s, doubling to 5 minutes, before the next: webhook-secret-source.ts).
   */
  webhookSecret?: string;
};

/** The provider's id (job rows, webhook URL, registry); PROVIDER is how messages name it. */
const ID: ProviderName = 'replicate';
const PROVIDER = providerDisplayNames[ID];

const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  /** predict_time: the seconds of hardware time Replicate bills for the prediction (set once it ended). */
  metrics: z.object({ predict_time: z.number().nonnegative().optional() }).passthrough().nullable().optional(),
});
type Prediction = z.infer<typeof predictionSchema>;

const states: Record<Prediction['status'], QueueState> = {
  starting: 'queued',
  processing: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
  aborted: 'canceled',
};

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

/** A page of GET /v1/predictions: newest first, 100 a page, `next` the URL of the following page. */
const listedSchema = z.object({
  next: z.string().nullable().optional(),
  results: z.array(
    z
      .object({
        id: z.string().min(1),
        model: z.string().nullable().optional(),
        version: z.string().nullable().optional(),
        source: z.string().nullable().optional(),
        input: z.record(z.string(), z.unknown()).nullable().optional(),
        webhook: z.string().nullable().optional(),
      })
      .passthrough(),
  ),
});
type Listed = z.infer<typeof listedSchema>['results'][number];

/** How far before our create the listing is read: clocks differ, and the create may have waited in a queue. */
const RECOVERY_WINDOW_MS = 60_000;
/** Pages of the listing read at most (100 predictions each), and times it is read while a new prediction may not show yet. */
const RECOVERY_PAGES = 5;
const RECOVERY_READS = 3;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a listed prediction is the one our create made: same model (or version), made through the API, and the
 * same input, key for key. A file we sent as a data URL may be listed as the URL Replicate stored it under, so there
 * only a string is asked for; every other value must be equal. A webhook, when the listing shows one, must be ours.
 */
function isOurs(listed: Listed, target: { model?: string; version?: string }, input: Record<string, unknown>, webhookUrl?: string) {
  if (target.version ? listed.version !== target.version : listed.model !== target.model) return false;
  if (listed.source && listed.source !== 'api') return false;
  if (webhookUrl && listed.webhook && listed.webhook !== webhookUrl) return false;
  const theirs = listed.input;
  if (!theirs || !sameJson(Object.keys(theirs).sort(), Object.keys(input).sort())) return false;
  return Object.entries(input).every(([key, value]) =>
    typeof value === 'string' && value.startsWith('data:') ? typeof theirs[key] === 'string' : sameJson(theirs[key], value),
  );
}

function parsePrediction(body: Buffer): Prediction {
  try {
    return predictionSchema.parse(JSON.parse(body.toString('utf8')));
  } catch {
    throw unreadableAnswer(PROVIDER, body);
  }
}

function statusOf(prediction: Prediction): QueueStatus {
  const state = states[prediction.status];
  return {
    requestId: prediction.id,
    state,
    ...(state === 'failed'
      ? { error: typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? null) }
      : {}),
    ...(state === 'succeeded' ? { output: prediction.output ?? null } : {}),
    ...(typeof prediction.metrics?.predict_time === 'number' && (state === 'succeeded' || state === 'failed')
      ? { usage: { 'gpu-second': prediction.metrics.predict_time } }
      : {}),
  };
}

/**
 * Replicate's predictions API for one model: create (with `webhook` and
 * `webhook_events_filter` when a webhook URL is given), GET /v1/predictions/{id}, POST …/cancel,
 * and the Standard Webhooks signature of the deliveries.
 */
export function createReplicateQueue(settings: ReplicateSettings, model: string): QueueClient {
  const auth = { Authorization: `Bearer ${settings.apiToken}` };
  const predictionUrl = (id: string) => `${settings.baseUrl}/v1/predictions/${encodeURIComponent(id)}`;
  const { webhookSecret } = settings;
  const secretSource = createWebhookSecretSource(async () => {
    const answer = await sendRequest(
      { method: 'GET', url: `${settings.baseUrl}/v1/webhooks/default/secret`, headers: auth },
      settings.http,
      AbortSignal.timeout(settings.http.timeoutMs * 2),
    );
    return z.object({ key: z.string().min(1) }).parse(JSON.parse(answer.body.toString('utf8'))).key;
  });
  const get = async (id: string, signal: AbortSignal) =>
    parsePrediction((await sendRequest({ method: 'GET', url: predictionUrl(id), headers: auth }, settings.http, signal)).body);
  return {
    provider: ID,
    model,
    async submit(input, options, signal) {
      const target = predictionRequest(settings.baseUrl, model, input);
      const json = options.webhookUrl ? { ...target.json, webhook: options.webhookUrl, webhook_events_filter: ['completed'] } : target.json;
      const created = await sendRequest({ method: 'POST', url: target.url, headers: auth, json }, settings.http, signal);
      return { requestId: parsePrediction(created.body).id };
    },
    /**
     * Replicate documents no idempotency key for a create, but lists the account's predictions newest first with
     * their model, version, source and input, from a time on (GET /v1/predictions?created_after=). The prediction an
     * unconfirmed create made is the one listed since just before it with our model and input: exactly one, or none
     * is taken (two identical creates at once cannot be told apart). A new prediction may take a moment to be
     * listed, so the listing is read again twice, a poll interval and two apart.
     */
    async recover(input, options, since, signal) {
      const versioned = /^(?:[\w.-]+\/[\w.-]+:)?([0-9a-f]{64})$/.exec(model);
      const target = versioned ? { version: versioned[1]! } : { model };
      const first = `${settings.baseUrl}/v1/predictions?created_after=${encodeURIComponent(new Date(since.getTime() - RECOVERY_WINDOW_MS).toISOString())}`;
      for (let read = 0; read < RECOVERY_READS; read += 1) {
        if (read > 0) await sleep(settings.pollIntervalMs * read, undefined, { signal });
        const found: string[] = [];
        let url: string | null | undefined = first;
        for (let page = 0; url && page < RECOVERY_PAGES; page += 1) {
          const answer = await sendRequest({ method: 'GET', url, headers: auth }, settings.http, signal);
          let listed: z.infer<typeof listedSchema>;
          try {
            listed = listedSchema.parse(JSON.parse(answer.body.toString('utf8')));
          } catch {
            throw unreadableAnswer(PROVIDER, answer.body);
          }
          found.push(...listed.results.filter((item) => isOurs(item, target, input, options.webhookUrl)).map((item) => item.id));
          url = listed.next;
        }
        if (found.length === 1) return { requestId: found[0]! };
        if (found.length > 1) return null;
      }
      return null;
    },
    async status(requestId, signal) {
      return statusOf(await get(requestId, signal));
    },
    async result(requestId, signal) {
      const status = statusOf(await get(requestId, signal));
      if (status.state !== 'succeeded') {
        throw new ProviderError(`The ${PROVIDER} prediction has not succeeded (${status.state})`, { transient: false, provider: PROVIDER });
      }
      return status.output;
    },
    async cancel(requestId) {
      try {
        await sendRequest(
          { method: 'POST', url: `${predictionUrl(requestId)}/cancel`, headers: auth },
          { ...settings.http, retries: 0, timeoutMs: 5000 },
          new AbortController().signal,
        );
        return true;
      } catch {
        return false;
      }
    },
    async verifyWebhook(rawBody, headers, now = new Date()): Promise<WebhookVerification> {
      const secret = webhookSecret ? { ok: true as const, secret: webhookSecret } : await secretSource.get();
      if (!secret.ok) return secret;
      const delivery = verifyStandardWebhook(rawBody, headers, now, secret.secret);
      if (!delivery.ok) return delivery;
      let prediction: Prediction;
      try {
        prediction = predictionSchema.parse(JSON.parse(delivery.body));
      } catch {
        return { ok: false, reason: 'signed body is not a prediction' };
      }
      const { requestId, ...status } = statusOf(prediction);
      return { ok: true, event: { provider: ID, requestId, signed: true, ...status } };
    },
  };
}

/**
 * Runs one prediction: creates it, polls it until it succeeds, fails or is canceled, and returns
 * its output. Aborting the context's signal cancels the prediction (best effort) and stops.
 */
export function runPrediction(settings: ReplicateSettings, model: string, input: Record<string, unknown>, context: EngineContext) {
  return runOnQueue(createReplicateQueue(settings, model), input, context, settings.pollIntervalMs);
}

/** Runs the prediction and downloads every output file; no file at all is an unreadable result. */
export async function runPredictionForFiles(
  settings: ReplicateSettings,
  model: string,
  input: Record<string, unknown>,
  context: EngineContext,
): Promise<Buffer[]> {
  const output = await runPrediction(settings, model, input, context);
  const files = await downloadOutputs(
    output,
    { http: settings.http, auth: { Authorization: `Bearer ${settings.apiToken}` }, authOrigin: settings.baseUrl },
    context.signal,
  );
  context.onProgress(1);
  return files;
}
