import type { LumenContext } from './context.ts';
import { LumenApiError, LumenNetworkError, LumenWaitCancelledError, LumenWaitTimeoutError, apiErrorFrom } from './errors.ts';
import { isFinished, settled } from './job-status.ts';
import { getJob } from './jobs.ts';
import { sleep } from './retry.ts';
import { readServerSentEvents } from './sse.ts';
import type { Job } from './types.ts';

export type WaitForJobOptions = {
  /** Stop waiting (rejects with LumenWaitCancelledError); the job itself goes on. */
  signal?: AbortSignal | undefined;
  /** Give up after this long (rejects with LumenWaitTimeoutError). Default 10 minutes; Infinity waits for ever. */
  timeoutMs?: number | undefined;
  /** Called with the job on every change seen (status, progress). */
  onUpdate?: ((job: Job) => void) | undefined;
  /** Follow the job's event stream (default), or only poll GET /jobs/{id}. */
  stream?: boolean | undefined;
  /** The first pause between polls; it grows by half each time, up to 5 s. Default 1 s. */
  pollIntervalMs?: number | undefined;
};

export const DEFAULT_WAIT_TIMEOUT_MS = 10 * 60_000;
const MAX_POLL_INTERVAL_MS = 5_000;

/**
 * Resolves with the job once it has succeeded; rejects with LumenJobFailedError when it failed.
 * Follows GET /jobs/{id}/events (Server-Sent Events, one `job` event per change) and falls back to
 * polling GET /jobs/{id} when the stream cannot be opened, is not an event stream (a buffering proxy),
 * goes silent or ends before the job has finished.
 */
export async function waitForJob(ctx: LumenContext, jobId: string, options: WaitForJobOptions = {}): Promise<Job> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  if (options.signal?.aborted) throw new LumenWaitCancelledError(jobId, options.signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs)
    : undefined;
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });

  let lastSeen: Job | null = null;
  const seen = (job: Job) => {
    lastSeen = job;
    options.onUpdate?.(job);
  };
  try {
    const streamed = options.stream === false ? null : await followEvents(ctx, jobId, controller.signal, seen);
    return settled(streamed ?? (await poll(ctx, jobId, controller.signal, seen, options.pollIntervalMs ?? 1_000)));
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    if (timedOut) throw new LumenWaitTimeoutError(jobId, timeoutMs, lastSeen);
    throw new LumenWaitCancelledError(jobId, options.signal?.reason);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** 4xx answers other than 408 and 429 say something about the job or the key: polling would get the same. */
const isDefinitive = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The finished job from the event stream, or null when polling has to take over. */
async function followEvents(ctx: LumenContext, jobId: string, signal: AbortSignal, seen: (job: Job) => void): Promise<Job | null> {
  const stream = new AbortController();
  const stop = () => stream.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stream.abort(new Error('the event stream went silent')), ctx.streamIdleMs);
  };
  try {
    alive();
    const {
      data: body,
      error,
      response,
    } = await ctx.api.GET('/api/v1/jobs/{id}/events', {
      params: { path: { id: jobId } },
      headers: { accept: 'text/event-stream' },
      parseAs: 'stream',
      signal: stream.signal,
    });
    if (!response.ok) {
      if (isDefinitive(response.status)) throw apiErrorFrom(response, error);
      return null;
    }
    if (!body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await body?.cancel().catch(() => undefined);
      return null;
    }
    for await (const event of readServerSentEvents(body, { onChunk: alive, signal: stream.signal })) {
      if (event.event !== 'job') continue;
      const job = JSON.parse(event.data) as Job;
      seen(job);
      if (isFinished(job)) return job;
    }
    return null; // closed before a final status (a restart, the job deleted): polling says which
  } catch (error) {
    if (signal.aborted || error instanceof LumenApiError) throw error;
    return null; // no connection, a broken or silent stream: poll instead
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', stop);
    stream.abort();
  }
}

/** Polls GET /jobs/{id} until the job has finished; rides out network errors, 5xx and 429 until the deadline. */
async function poll(
  ctx: LumenContext,
  jobId: string,
  signal: AbortSignal,
  seen: (job: Job) => void,
  firstIntervalMs: number,
): Promise<Job> {
  let interval = firstIntervalMs;
  for (;;) {
    try {
      const job = await getJob(ctx, jobId, { signal });
      seen(job);
      if (isFinished(job)) return job;
    } catch (error) {
      const transient = error instanceof LumenNetworkError || (error instanceof LumenApiError && !isDefinitive(error.status));
      if (signal.aborted || !transient) throw error;
    }
    await sleep(interval, signal);
    interval = Math.min(interval * 1.5, MAX_POLL_INTERVAL_MS);
  }
}
