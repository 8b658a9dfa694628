import { setTimeout as sleep } from 'node:timers/promises';
import { AtProvider, HandOver } from '../engine.ts';
import type { EngineContext } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import { deadlineMsOf } from './provider-deadlines.ts';
import type { ProviderUsage } from './provider-prices.ts';

export type QueueState = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export type QueueStatus = {
  requestId: string;
  state: QueueState;
  /** Requests ahead of this one, when the provider says. */
  queuePosition?: number;
  /** The provider's reason when the state is failed. */
  error?: string;
  /** The output, for providers whose status answer already carries it (Replicate, FASHN). */
  output?: unknown;
  /** What the provider says the ended request used, in billed units (Replicate's predict_time, FASHN's credits_used). */
  usage?: ProviderUsage;
};

/** Request headers as Node gives them (IncomingHttpHeaders) or as fetch does (Headers). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookEvent = {
  provider: ProviderName;
  requestId: string;
  state: QueueState;
  /**
   * false when the provider does not sign its webhooks (FASHN): the event then only names the
   * request, and the caller reads status(requestId) before trusting anything about it.
   */
  signed: boolean;
  output?: unknown;
  error?: string;
};

export type WebhookVerification = { ok: true; event: WebhookEvent } | { ok: false; reason: string };

/**
 * One model on a provider that queues requests. submit/status/result/cancel map to the provider's
 * own endpoints; verifyWebhook checks a delivery to our webhook URL (raw body, headers, clock).
 */
export type QueueClient = {
  /** The provider's id, as job rows, webhook URLs and the registry name it. */
  provider: ProviderName;
  model: string;
  submit(input: Record<string, unknown>, options: { webhookUrl?: string }, signal: AbortSignal): Promise<{ requestId: string }>;
  /**
   * After a create the provider may have taken without our reading its answer (an `unconfirmed` ProviderError: a 5xx,
   * a timeout, a connection lost after sending), finds that request at the provider, where the provider documents a
   * way to (Replicate: its prediction listing, by creation time, model and input). null when it finds none or more
   * than one that could be it; absent for providers that offer no way.
   */
  recover?(
    input: Record<string, unknown>,
    options: { webhookUrl?: string },
    since: Date,
    signal: AbortSignal,
  ): Promise<{ requestId: string } | null>;
  status(requestId: string, signal: AbortSignal): Promise<QueueStatus>;
  /** The output of a request that succeeded; a ProviderError otherwise. */
  result(requestId: string, signal: AbortSignal): Promise<unknown>;
  /** true when the provider accepted the cancellation; never throws. */
  cancel(requestId: string): Promise<boolean>;
  verifyWebhook(rawBody: Buffer | string, headers: WebhookHeaders, now?: Date): Promise<WebhookVerification>;
};

/** A header by name, case-insensitively, from either kind of headers. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Webhook timestamps further than this from our clock are refused (replays, stale deliveries). */
export const webhookToleranceSeconds = 5 * 60;

function failureText(error: unknown): string {
  if (typeof error === 'string' && error.trim()) return error.trim().slice(0, 300);
  if (error && typeof error === 'object') return JSON.stringify(error).slice(0, 300);
  return 'no reason given';
}

export function unreadableAnswer(provider: string, body: Buffer | string): ProviderError {
  return new ProviderError(`The ${provider} service sent an answer we could not read`, {
    transient: false,
    provider,
    detail: body.toString().slice(0, 300),
  });
}

/** The error of a request that ran past its model's deadline (it has been cancelled at the provider). */
function pastDeadline(client: QueueClient, deadlineMs: number): ProviderError {
  const provider = providerDisplayNames[client.provider];
  const took = deadlineMs >= 60_000 ? `${Math.round(deadlineMs / 60_000)} minutes` : `${Number((deadlineMs / 1000).toFixed(1))} seconds`;
  return new ProviderError(`The ${provider} request took longer than ${took}, far beyond its model's usual run time, and was stopped`, {
    transient: false,
    provider,
    detail: `${client.model}: deadline of ${deadlineMs} ms`,
  });
}

const isTransientError = (error: unknown) => (error as { transient?: unknown } | null)?.transient === true;

async function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw signal.reason;
  }
}

/**
 * Submits a request once. A create the provider may have taken although we could not read its answer is never sent
 * again: it is looked up at the provider where that is possible, and the run goes on with the request found there;
 * otherwise (not found, ambiguous, or no way to look) the unconfirmed error stands and the job fails, refunded.
 */
async function submitOnce(
  client: QueueClient,
  input: Record<string, unknown>,
  options: { webhookUrl?: string },
  signal: AbortSignal,
): Promise<string> {
  const since = new Date();
  try {
    return (await client.submit(input, options, signal)).requestId;
  } catch (error) {
    if (!(error instanceof ProviderError) || !error.unconfirmed || !client.recover || signal.aborted) throw error;
    // A lookup that fails (the listing itself unreachable) leaves the create unconfirmed, as before.
    const found = await client.recover(input, options, since, signal).catch(() => {
      if (signal.aborted) throw signal.reason;
      return null;
    });
    if (!found) throw error;
    return found.requestId;
  }
}

/** The request an earlier run of this job left at this provider and model, if any. */
function resumable(client: QueueClient, context: EngineContext) {
  const existing = context.requests?.existing;
  return existing && existing.provider === client.provider && existing.model === client.model ? existing : null;
}

/**
 * Runs one request to the end: submits it (or resumes the one an earlier run of the job stored),
 * stores it before waiting, polls its status until it succeeds, fails or is canceled, and returns its
 * output. Aborting the context's signal cancels the request (best effort) and throws the signal's
 * reason, except when the worker hands the job over: the next run resumes the request.
 * With webhooks, the request is submitted with our webhook URL and, when it is still running after
 * the hold (at once for a resumed request), left to the webhook: AtProvider is thrown.
 * The request is held to its model's deadline (provider-deadlines.ts), counted from its submission (from the resume
 * for a resumed one): past it, it is cancelled once and the run fails with a ProviderError saying so.
 */
export async function runOnQueue(
  client: QueueClient,
  input: Record<string, unknown>,
  context: EngineContext,
  pollIntervalMs: number,
  deadlineMs: number = deadlineMsOf(client.provider, client.model),
): Promise<unknown> {
  const { signal, requests } = context;
  const resumed = resumable(client, context);
  const webhookUrl = context.webhooks?.urlFor(client.provider);
  const requestId = resumed ? resumed.requestId : await submitOnce(client, input, webhookUrl ? { webhookUrl } : {}, signal);
  const request = { provider: client.provider, model: client.model, requestId };
  if (!resumed && requests) {
    try {
      await requests.submitted(request);
    } catch (error) {
      void client.cancel(requestId);
      throw error;
    }
  }
  let status: QueueStatus = { requestId, state: resumed ? 'running' : 'queued' };
  let polls = 0;
  let failedReads = 0;
  const leaveAt = context.webhooks ? Date.now() + (resumed ? 0 : context.webhooks.holdMs) : Infinity;
  const isPending = () => status.state === 'queued' || status.state === 'running';
  // The request's own deadline (its model's typical run time with room to spare), beside the job's. Linked by a
  // listener removed at the end (AbortSignal.any would keep every run's signal alive as long as the job's).
  const linked = new AbortController();
  let pastItsDeadline = false;
  const followJob = () => linked.abort(signal.reason);
  signal.addEventListener('abort', followJob, { once: true });
  if (signal.aborted) followJob();
  const deadlineTimer = setTimeout(() => {
    pastItsDeadline = true;
    linked.abort(new Error(`deadline of ${deadlineMs} ms`));
  }, deadlineMs);
  const waiting = linked.signal;
  try {
    do {
      context.onProgress(status.state === 'queued' ? 0.05 : Math.min(0.85, 0.1 + polls * 0.03));
      // After failed reads the wait doubles (up to a minute); the request stays ours until it ends or the deadline.
      if (!(resumed && polls === 0)) await waitFor(Math.min(60_000, pollIntervalMs * 2 ** failedReads), waiting);
      polls += 1;
      try {
        status = await client.status(requestId, waiting);
        failedReads = 0;
      } catch (error) {
        // The provider holds the request: a status read that failed for now is read again, never submitted again.
        if (waiting.aborted || !isTransientError(error)) throw error;
        failedReads += 1;
      }
      if (isPending() && Date.now() >= leaveAt) throw new AtProvider(request);
    } while (isPending());
  } catch (caught) {
    const error = !signal.aborted && pastItsDeadline ? pastDeadline(client, deadlineMs) : caught;
    // The deadline, a failure we cannot wait out: cancel it here, once. A hand-over (the next run resumes it) or a
    // job taken from this run (a user cancel or the sweeper, which cancel it themselves) leaves it alone.
    const leftToOthers = signal.aborted ? signal.reason instanceof HandOver : error instanceof AtProvider;
    if (!leftToOthers) {
      const ours = requests?.cancelling ? await requests.cancelling(request).catch(() => true) : true;
      if (ours) void client.cancel(requestId);
      await requests?.ended(request, 'cancelled');
    }
    throw error;
  } finally {
    clearTimeout(deadlineTimer);
    signal.removeEventListener('abort', followJob);
  }
  if (status.state === 'failed' || status.state === 'canceled')
    await requests?.ended(request, status.state === 'failed' ? 'failed' : 'cancelled');
  if (status.state === 'failed') {
    // A failed prediction may still be billed (Replicate bills its run time): the error carries the usage.
    throw new ProviderError(`The hosted model could not process this input: ${failureText(status.error)}`, {
      transient: false,
      provider: providerDisplayNames[client.provider],
      detail: failureText(status.error),
      ...(status.usage ? { usage: status.usage } : {}),
    });
  }
  if (status.state === 'canceled') {
    throw new ProviderError(`The ${providerDisplayNames[client.provider]} request was canceled before it finished`, {
      transient: true,
      provider: providerDisplayNames[client.provider],
    });
  }
  if (status.usage) context.onProviderUsage?.(client.provider, status.usage);
  const output = status.output !== undefined ? status.output : await client.result(requestId, signal);
  context.onProgress(0.9);
  return output;
}
