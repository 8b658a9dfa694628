import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, FailureEnvelope, FieldIssue } from '@lumen/core/http/envelope';
import { isDatabaseUnavailable, isUnstorableText } from '../db/pg-errors.ts';
import { AppError, isAppError } from './app-error.ts';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

type ZodIssueLike = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

const contextLabels: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** Zod's generic type messages ("Invalid input: expected string, received undefined"), said plainly. */
function humanMessage(issue: ZodIssueLike): string {
  const message = issue.message ?? 'Invalid value';
  if (issue.keyword !== 'invalid_type' || !message.startsWith('Invalid input')) return message;
  if (/received undefined$/.test(message)) return 'This field is required';
  const expected = typeof issue.params.expected === 'string' ? issue.params.expected : '';
  return `Must be ${typeNames[expected] ?? `of type ${expected}`}`;
}

/** Turns schema errors into one {field, message} per problem, named the way the client sent them. */
export function fieldIssuesFromValidation(issues: ZodIssueLike[], context: string | undefined): FieldIssue[] {
  const where = contextLabels[context ?? 'body'] ?? 'body';
  const result: FieldIssue[] = [];
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) {
        const field = path ? `${path}.${String(key)}` : String(key);
        result.push({ field, message: `${field} is not an accepted field` });
      }
      continue;
    }
    if (!path && issue.keyword === 'invalid_type') {
      result.push({ field: where, message: `The request ${where} must be a JSON object` });
      continue;
    }
    result.push({ field: path || where, message: humanMessage(issue) });
  }
  const seen = new Set<string>();
  return result.filter((issue) => {
    const key = `${issue.field}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function summarizeIssues(details: FieldIssue[]): string {
  const wholeRequest = new Set(Object.values(contextLabels));
  const lines = details.map((issue) =>
    wholeRequest.has(issue.field) || issue.message.startsWith(issue.field) ? issue.message : `${issue.field}: ${issue.message}`,
  );
  return [...new Set(lines)].join('; ') || 'The request is invalid';
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'INSUFFICIENT_CREDITS';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'UNPROCESSABLE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/** Fastify's own client errors, reworded for people. */
function fromFastifyError(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 500;
  if (status >= 500 || status < 400) return null;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_REQUEST', 400, 'The request body is not valid JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 400, 'The request body is empty; send a JSON object');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 413, 'The request body is too large (max 1 MB)');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      if (status === 415) {
        return new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported content type; send JSON with Content-Type: application/json');
      }
      break;
    default:
      break;
  }
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return new AppError('BAD_REQUEST', 400, 'The request body is not valid JSON');
  }
  const message = status === 413 ? 'The request is too large' : status === 415 ? 'Unsupported content type' : error.message;
  return new AppError(codeForStatus(status), status, message || 'The request is invalid');
}

export function toFailureEnvelope(error: AppError): FailureEnvelope {
  return {
    success: false,
    message: error.message,
    error: {
      code: error.code,
      ...(error.details ? { details: error.details } : {}),
      ...(error.meta ? { meta: error.meta } : {}),
    },
  };
}

export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(toFailureEnvelope(error));
}

/** busboy's framing errors are plain Errors: known by their text, on a multipart request only. */
const MULTIPART_FRAMING_ERROR = /^Multipart: Boundary not found$|unexpected end of multipart data$|^The needle cannot/i;

function isMalformedMultipart(error: unknown, request: FastifyRequest): boolean {
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  return error instanceof Error && contentType.startsWith('multipart/') && MULTIPART_FRAMING_ERROR.test(error.message);
}

function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = fieldIssuesFromValidation(error.validation, error.validationContext);
    return new AppError('VALIDATION_ERROR', 400, summarizeIssues(details), { details });
  }
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const mapped = fromFastifyError(error as FastifyError);
    if (mapped) return mapped;
  }
  if (isMalformedMultipart(error, request)) {
    return new AppError(
      'BAD_REQUEST',
      400,
      'The multipart/form-data body is malformed (no boundary, or it ends before its closing boundary); send it again as a whole form',
    );
  }
  // Any text field may carry a NUL (\u0000) that no schema forbids; PostgreSQL refuses it in every text
  // value, so it is the client's input, not our failure.
  if (isUnstorableText(error)) {
    return new AppError(
      'BAD_REQUEST',
      400,
      'The request contains a character that cannot be stored (NUL, \\u0000); remove it and try again',
    );
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return new AppError('SERVICE_UNAVAILABLE', 503, 'The service is temporarily unavailable. Please try again in a moment.', {
      retryAfterSeconds: 5,
      cause: error,
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return new AppError('INTERNAL', 500, 'Something went wrong on our side. Please try again later.');
}

/** The one error handler: every failure leaves as `{ success: false, error: { code, message, details } }`. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error, request);
      if (appError.statusCode >= 500 && isAppError(error)) request.log.error({ err: error }, 'server error');
      return sendAppError(reply, appError);
    });
  },
  { name: 'errors' },
);
