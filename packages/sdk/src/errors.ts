import type { ErrorCode, FailureEnvelope, FieldIssue, Job } from './types.ts';
import { parseRetryAfter } from './retry-after.ts';

/** Everything the SDK throws on purpose is a LumenError. */
export class LumenError extends Error {
  override readonly name: string = 'LumenError';
}

/**
 * The server answered with an error status. `code` and `message` come from its failure envelope
 * (`{ success: false, message, error: { code, details?, meta? } }`); an answer without one (a proxy's
 * HTML page) has code 'HTTP_ERROR' and the status text as its message.
 */
export class LumenApiError extends LumenError {
  override readonly name: string = 'LumenApiError';
  readonly status: number;
  readonly code: ErrorCode | 'HTTP_ERROR';
  /** Per-field problems of a 400 (`params.prompt`: 'Describe the image you want'). */
  readonly details: FieldIssue[];
  /** Machine-readable facts, e.g. `{ balance, cost }` on a 402. */
  readonly meta: Record<string, unknown>;
  /** The server's X-Request-Id, to quote to support. */
  readonly requestId: string | null;
  /** How long the server asked to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | null;

  constructor(input: {
    status: number;
    code: ErrorCode | 'HTTP_ERROR';
    message: string;
    details?: FieldIssue[];
    meta?: Record<string, unknown>;
    requestId?: string | null;
    retryAfterMs?: number | null;
  }) {
    super(input.message);
    this.status = input.status;
    this.code = input.code;
    this.details = input.details ?? [];
    this.meta = input.meta ?? {};
    this.requestId = input.requestId ?? null;
    this.retryAfterMs = input.retryAfterMs ?? null;
  }
}

/** 401: the API key is missing, unknown, revoked, expired or used from an address outside its allow-list. */
export class LumenAuthenticationError extends LumenApiError {
  override readonly name: string = 'LumenAuthenticationError';
}
/** 402: not enough credits (`meta` carries `balance` and `cost`), or the key's monthly credit cap is reached. */
export class LumenInsufficientCreditsError extends LumenApiError {
  override readonly name: string = 'LumenInsufficientCreditsError';
}
/** 403: the key may not do this (a service outside its scopes, downloads before a purchase). */
export class LumenPermissionError extends LumenApiError {
  override readonly name: string = 'LumenPermissionError';
}
/** 404: no such job, output or upload (or not yours). */
export class LumenNotFoundError extends LumenApiError {
  override readonly name: string = 'LumenNotFoundError';
}
/** 409: the request conflicts with the current state (deleting a job that is still running). */
export class LumenConflictError extends LumenApiError {
  override readonly name: string = 'LumenConflictError';
}
/** 429: the key's per-minute limit (or the server's per-IP limit); `retryAfterMs` says when to come back. */
export class LumenRateLimitError extends LumenApiError {
  override readonly name: string = 'LumenRateLimitError';
}

const byStatus: Record<number, typeof LumenApiError> = {
  401: LumenAuthenticationError,
  402: LumenInsufficientCreditsError,
  403: LumenPermissionError,
  404: LumenNotFoundError,
  409: LumenConflictError,
  429: LumenRateLimitError,
};

function isFailureEnvelope(body: unknown): body is FailureEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const { success, message, error } = body as Record<string, unknown>;
  return success === false && typeof message === 'string' && typeof error === 'object' && error !== null && 'code' in error;
}

/** The typed error for an error response, given its body (parsed JSON, or text when it was not JSON). */
export function apiErrorFrom(response: Response, body: unknown): LumenApiError {
  const ErrorClass = byStatus[response.status] ?? LumenApiError;
  const common = {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
  };
  if (isFailureEnvelope(body)) {
    return new ErrorClass({ ...common, code: body.error.code, message: body.message, details: body.error.details, meta: body.error.meta });
  }
  const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
  const message = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${text ? `: ${text}` : ''}`;
  return new ErrorClass({ ...common, code: 'HTTP_ERROR', message });
}

/** The request never got an answer (connection refused or reset, DNS), after the retries allowed. */
export class LumenNetworkError extends LumenError {
  override readonly name: string = 'LumenNetworkError';
}

/** waitForJob: the job finished with status 'failed' (its cost is refunded: `job.refunded`). */
export class LumenJobFailedError extends LumenError {
  override readonly name: string = 'LumenJobFailedError';
  readonly job: Job;
  constructor(job: Job) {
    super(`Job ${job.id} failed: ${job.error ?? 'no reason given'}`);
    this.job = job;
  }
}

/** waitForJob: `timeoutMs` passed before the job finished (the job itself goes on). */
export class LumenWaitTimeoutError extends LumenError {
  override readonly name: string = 'LumenWaitTimeoutError';
  readonly jobId: string;
  readonly timeoutMs: number;
  /** The job as last seen, when it was seen at all. */
  readonly lastSeen: Job | null;
  constructor(jobId: string, timeoutMs: number, lastSeen: Job | null) {
    super(`Job ${jobId} did not finish within ${timeoutMs} ms${lastSeen ? ` (last seen ${lastSeen.status})` : ''}`);
    this.jobId = jobId;
    this.timeoutMs = timeoutMs;
    this.lastSeen = lastSeen;
  }
}

/** waitForJob: the caller's AbortSignal fired (the job itself goes on); `cause` is the signal's reason. */
export class LumenWaitCancelledError extends LumenError {
  override readonly name: string = 'LumenWaitCancelledError';
  readonly jobId: string;
  constructor(jobId: string, reason: unknown) {
    super(`Stopped waiting for job ${jobId}`, { cause: reason });
    this.jobId = jobId;
  }
}
