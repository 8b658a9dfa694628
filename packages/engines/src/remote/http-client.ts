import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from '../provider-error.ts';

export type HttpPolicy = {
  /** Name used in messages and logs, e.g. 'Replicate'. */
  provider: string;
  /** Per attempt: connecting, sending and reading the whole answer. */
  timeoutMs: number;
  /**
   * Further attempts after the first. A read (GET) is tried again on 429, 408, 5xx, timeouts and network errors;
   * anything else (a create) only where the provider surely did not take it: 429 and 408, or a connection that
   * failed before the request was written (see {@link sendRequest}).
   */
  retries: number;
  /** First backoff delay; doubled on every retry, with jitter. */
  baseDelayMs: number;
  /** Longest wait between attempts; a longer Retry-After gives up (transient) instead of waiting. */
  maxDelayMs: number;
};

export const defaultHttpPolicy = { timeoutMs: 30_000, retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 } as const;

export type HttpRequest = {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (fetch writes the boundary); reusable, so retries send it again. */
  form?: FormData;
};

export type HttpResponse = { status: number; headers: Headers; body: Buffer };

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const messageOf = (value: unknown): unknown => {
  if (Array.isArray(value)) return messageOf(value[0]);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return record.message ?? record.msg ?? record.title ?? record.detail;
};

/**
 * The provider's own words from an error body: RFC 7807 detail/title, OpenAI's error.message,
 * ElevenLabs' detail.message, fal's validation detail[].msg, remove.bg's errors[].title, or text.
 */
export function providerDetail(body: Buffer): string | undefined {
  const text = body.toString('utf8').trim();
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const candidates = [messageOf(parsed.detail), messageOf(parsed.error), messageOf(parsed.errors), parsed.message, parsed.title];
    const found = candidates.find((value) => typeof value === 'string' && value.trim() !== '');
    if (typeof found === 'string') return found.slice(0, 500);
  } catch {
    // not JSON: use the text
  }
  return text.slice(0, 500);
}

/** What a non-retryable status means for the user. */
function statusMessage(provider: string, status: number): string {
  if (status === 401 || status === 403) return `The ${provider} service rejected our credentials; the team has to fix the configuration`;
  if (status === 404) return `The model configured for ${provider} was not found; the team has to fix the configuration`;
  if (status === 402) return `The ${provider} account has run out of credit; please try again later`;
  if (status === 413) return `The input is too large for the ${provider} service`;
  if (status === 400 || status === 422) return `The ${provider} service did not accept this input`;
  return `The ${provider} service answered with an unexpected error (HTTP ${status})`;
}

/**
 * Some providers answer 429, not 402, when the account itself is out of quota or credit (OpenAI's
 * `insufficient_quota`, FASHN's `OutOfCredits`), ElevenLabs even 401 (`quota_exceeded`): waiting or new credentials
 * do not help, so it is the out-of-credit error at once.
 */
function isOutOfCredit(status: number, body: Buffer): boolean {
  if (status === 402) return true;
  // ElevenLabs answers an exhausted quota with 401 and detail.status 'quota_exceeded': credit, not credentials.
  if (status === 401) return /"quota_exceeded"/.test(body.toString('utf8'));
  if (status !== 429) return false;
  return /"(insufficient_quota|OutOfCredits)"/.test(body.toString('utf8'));
}

const isRetryableStatus = (status: number) => status === 429 || status === 408 || status >= 500;

/**
 * Connection errors that happen before a byte of the request is sent: the address did not resolve, nothing
 * listened, no route, or connecting timed out. Anything else (a reset, a timeout while waiting for the answer)
 * may come after the provider read the request.
 */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** True when a fetch failure is one of {@link notSentCodes} (undici puts the system error in `cause`). */
export function failedBeforeSending(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && notSentCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A create the provider may have taken although we got no answer we can read (a 5xx, a timeout, a connection
 * lost after sending): sending it again could make and bill a second request, so it is not sent again and the
 * job fails (refunded) unless the caller finds the request at the provider.
 */
function unconfirmed(policy: HttpPolicy, detail: string | undefined, status: number | undefined, cause?: unknown): ProviderError {
  return new ProviderError(
    `The ${policy.provider} service did not confirm the request${status ? ` (HTTP ${status})` : ''}; it was not sent again so that it is not paid for twice`,
    { transient: false, unconfirmed: true, provider: policy.provider, ...(status ? { status } : {}), detail, cause },
  );
}

function backoff(policy: HttpPolicy, attempt: number): number {
  const exponential = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, exponential / 2 + (Math.random() * exponential) / 2);
}

/**
 * One HTTP call to a provider with a timeout per attempt and errors mapped to ProviderError. A GET is tried
 * again with exponential backoff on 429, 408, 5xx, timeouts and network errors; any other method (a create:
 * it may be billed) only on 429 and 408 and on a connection that failed before sending, as the official
 * Replicate client retries a non-GET only on 429. A 5xx, a timeout or a lost connection on a create throws a
 * non-transient `unconfirmed` ProviderError at once. A Retry-After header sets the wait. Aborting `signal`
 * stops at once and throws the signal's reason.
 */
export async function sendRequest(request: HttpRequest, policy: HttpPolicy, signal: AbortSignal): Promise<HttpResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  let body: string | FormData | undefined = request.form;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const isRead = request.method === 'GET';
  let lastError: ProviderError | undefined;
  for (let attempt = 0; attempt <= policy.retries; attempt += 1) {
    signal.throwIfAborted();
    let waitMs = backoff(policy, attempt);
    const attemptSignal = AbortSignal.any([signal, AbortSignal.timeout(policy.timeoutMs)]);
    try {
      const response = await fetch(request.url, { method: request.method, headers, body, signal: attemptSignal, redirect: 'follow' });
      const data = Buffer.from(await response.arrayBuffer());
      if (response.ok) return { status: response.status, headers: response.headers, body: data };
      const detail = providerDetail(data);
      const outOfCredit = isOutOfCredit(response.status, data);
      if (!outOfCredit && !isRead && response.status >= 500) throw unconfirmed(policy, detail, response.status);
      if (outOfCredit || !isRetryableStatus(response.status)) {
        throw new ProviderError(statusMessage(policy.provider, outOfCredit ? 402 : response.status), {
          transient: false,
          provider: policy.provider,
          status: response.status,
          detail,
        });
      }
      lastError = new ProviderError(
        response.status === 429
          ? `The ${policy.provider} service is busy (too many requests); please try again in a few minutes`
          : `The ${policy.provider} service is having problems (HTTP ${response.status}); please try again later`,
        { transient: true, provider: policy.provider, status: response.status, detail },
      );
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      if (retryAfter !== null) {
        if (retryAfter > policy.maxDelayMs) throw lastError;
        waitMs = retryAfter;
      }
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ProviderError) throw error;
      const timedOut = attemptSignal.aborted;
      if (!isRead && (timedOut || !failedBeforeSending(error))) {
        throw unconfirmed(
          policy,
          error instanceof Error ? `${error.message}${timedOut ? ` (no answer within ${policy.timeoutMs} ms)` : ''}` : String(error),
          undefined,
          error,
        );
      }
      lastError = new ProviderError(
        timedOut
          ? `The ${policy.provider} service did not answer within ${policy.timeoutMs >= 1000 ? `${Math.round(policy.timeoutMs / 1000)} s` : `${policy.timeoutMs} ms`}; please try again later`
          : `The ${policy.provider} service could not be reached; please try again later`,
        { transient: true, provider: policy.provider, detail: error instanceof Error ? error.message : String(error), cause: error },
      );
    }
    if (attempt < policy.retries) {
      try {
        await sleep(waitMs, undefined, { signal });
      } catch {
        throw signal.reason;
      }
    }
  }
  throw lastError as ProviderError;
}
