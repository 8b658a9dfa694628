import type { ErrorCode, FieldIssue } from '@lumen/core/http/envelope';

/** The one error model: a code, an HTTP status and a message a user can read. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: FieldIssue[] | undefined;
  /** Seconds, sent as Retry-After (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** Machine-readable facts sent as error.meta (e.g. {balance, cost} on a 402). */
  readonly meta: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    statusCode: number,
    message: string,
    extra: { details?: FieldIssue[]; retryAfterSeconds?: number; cause?: unknown; meta?: Record<string, unknown> } = {},
  ) {
    super(message, { cause: extra.cause });
    this.code = code;
    this.statusCode = statusCode;
    this.details = extra.details;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.meta = extra.meta;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
