import { z } from 'zod';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import { ProviderError } from '../provider-error.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { unreadableAnswer } from './provider-queue.ts';
import type { QueueClient, QueueState, QueueStatus, WebhookVerification } from './provider-queue.ts';

export type FashnSettings = {
  apiKey: string;
  /** https://api.fashn.ai, or a compatible server. */
  baseUrl: string;
  http: HttpPolicy;
  pollIntervalMs: number;
};

/** The provider's id (job rows, webhook URL, registry); PROVIDER is how messages name it. */
const ID: ProviderName = 'fashn';
const PROVIDER = providerDisplayNames[ID];

const errorSchema = z.object({ name: z.string().optional(), message: z.string().optional() }).loose().nullable().optional();
const runSchema = z.object({
  id: z.string().min(1).nullable().optional(),
  error: z.union([z.string(), errorSchema]).nullable().optional(),
});
const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  output: z.array(z.string()).nullable().optional(),
  error: errorSchema,
  /** The API credits the prediction cost, once it completed. */
  credits_used: z.number().nonnegative().nullable().optional(),
});
type Prediction = z.infer<typeof predictionSchema>;

function stateOf(status: string): QueueState {
  if (status === 'completed') return 'succeeded';
  if (status === 'failed') return 'failed';
  if (status === 'canceled' || status === 'cancelled') return 'canceled';
  if (status === 'starting' || status === 'in_queue') return 'queued';
  return 'running';
}

const errorText = (error: Prediction['error'] | string | undefined) =>
  typeof error === 'string' ? error : error ? [error.name, error.message].filter(Boolean).join(': ') : 'no reason given';

/**
 * The credits FASHN billed for the prediction: its REST API reports them in the status answer's
 * `x-fashn-credits-used` header (the official SDKs read `creditsUsed` / `credits_used` from there); a body field of
 * that name is read when the header is absent.
 */
function creditsUsedOf(headers: Headers, prediction: Prediction): number | undefined {
  const header = headers.get('x-fashn-credits-used');
  const fromHeader = header === null || header.trim() === '' ? Number.NaN : Number(header);
  if (Number.isFinite(fromHeader) && fromHeader >= 0) return fromHeader;
  return typeof prediction.credits_used === 'number' ? prediction.credits_used : undefined;
}

function statusOf(prediction: Prediction, creditsUsed: number | undefined): QueueStatus {
  const state = stateOf(prediction.status);
  return {
    requestId: prediction.id,
    state,
    ...(state === 'failed' ? { error: errorText(prediction.error) } : {}),
    ...(state === 'succeeded' ? { output: prediction.output ?? [] } : {}),
    ...(creditsUsed !== undefined ? { usage: { credit: creditsUsed } } : {}),
  };
}

/**
 * FASHN answers a status read of a prediction it no longer tracks (it keeps them for a limited time) with 404
 * `NotFound` (docs.fashn.ai, Errors: "the requested prediction status is no longer tracked"). A status URL names no
 * model, so this is never a wrong model: the request is gone. It was accepted, so FASHN may have run and billed it
 * (1 credit per image, nothing for a failed one): the error carries that usage, so the refunded job records the cost.
 */
function requestGone(requestId: string, error: ProviderError): ProviderError {
  return new ProviderError(
    `The ${PROVIDER} request is no longer tracked by ${PROVIDER} (it keeps predictions for a limited time), so its result cannot be read; the job was stopped`,
    { transient: false, provider: PROVIDER, status: 404, detail: `${requestId}: ${error.detail ?? 'NotFound'}`, usage: { credit: 1 } },
  );
}

function parse<T>(schema: z.ZodType<T>, body: Buffer): T {
  try {
    return schema.parse(JSON.parse(body.toString('utf8')));
  } catch {
    throw unreadableAnswer(PROVIDER, body);
  }
}

/**
 * FASHN's API for one model (POST /v1/run {model_name, inputs} with a bearer key, `?webhook_url=`
 * for a webhook; GET /v1/status/{id}). FASHN documents no cancel endpoint and does not sign its
 * webhooks, so cancel() answers false and a delivery only names the request to look up.
 */
export function createFashnQueue(settings: FashnSettings, model: string): QueueClient {
  const auth = { Authorization: `Bearer ${settings.apiKey}` };
  const get = async (id: string, signal: AbortSignal) => {
    const answer = await sendRequest(
      { method: 'GET', url: `${settings.baseUrl}/v1/status/${encodeURIComponent(id)}`, headers: auth },
      settings.http,
      signal,
    ).catch((error: unknown) => {
      throw error instanceof ProviderError && error.status === 404 ? requestGone(id, error) : error;
    });
    const prediction = parse(predictionSchema, answer.body);
    return statusOf(prediction, creditsUsedOf(answer.headers, prediction));
  };
  return {
    provider: ID,
    model,
    async submit(inputs, options, signal) {
      const webhook = options.webhookUrl ? `?webhook_url=${encodeURIComponent(options.webhookUrl)}` : '';
      const answer = await sendRequest(
        { method: 'POST', url: `${settings.baseUrl}/v1/run${webhook}`, headers: auth, json: { model_name: model, inputs } },
        settings.http,
        signal,
      );
      const run = parse(runSchema, answer.body);
      if (!run.id || run.error) {
        throw new ProviderError(`The ${PROVIDER} service did not accept this input`, {
          transient: false,
          provider: PROVIDER,
          detail: errorText(run.error ?? undefined),
        });
      }
      return { requestId: run.id };
    },
    async status(requestId, signal) {
      return get(requestId, signal);
    },
    async result(requestId, signal) {
      const status = await get(requestId, signal);
      if (status.state !== 'succeeded') {
        throw new ProviderError(`The ${PROVIDER} prediction has not succeeded (${status.state})`, { transient: false, provider: PROVIDER });
      }
      return status.output;
    },
    async cancel() {
      return false;
    },
    async verifyWebhook(rawBody): Promise<WebhookVerification> {
      let prediction: Prediction;
      try {
        prediction = predictionSchema.parse(JSON.parse(rawBody.toString()));
      } catch {
        return { ok: false, reason: 'body is not a FASHN prediction' };
      }
      return { ok: true, event: { provider: ID, requestId: prediction.id, state: stateOf(prediction.status), signed: false } };
    },
  };
}
