import { z } from 'zod';
import { failureEnvelopeSchema } from '@lumen/core/http/envelope';

type JsonObject = Record<string, unknown>;
/** A route's schema as @fastify/swagger's transform sees it, after the zod schemas became JSON Schema. */
export type TransformedRouteSchema = JsonObject & {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  consumes?: string[];
  response?: Record<string, unknown>;
};

const failureBodySchema = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(failureEnvelopeSchema, { io: 'output' }) as JsonObject;
  return schema;
})();

const retryAfterHeader = { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again' } };

const failureDescriptions: Record<string, string> = {
  400: 'The request is invalid (VALIDATION_ERROR names each field in error.details)',
  401: 'Not signed in, or the token or API key is invalid, expired or revoked',
  402: 'Not enough credits (error.meta holds balance and cost)',
  403: 'Not allowed for this account, role or API key',
  404: 'Not found, or not yours',
  405: 'This path does not take this method (Allow lists the ones it takes)',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  414: 'A value in the path is longer than the server takes',
  415: 'Unsupported Content-Type',
  422: 'Understood but cannot be processed (e.g. a file that cannot be decoded)',
  429: 'Too many requests',
  503: 'A service it needs (the database, a provider) is unreachable for the moment',
};

const methodsWithBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const failure = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  success: false,
  message,
  error: { code, ...extra },
});

/** What each failure looks like on the wire (one example per status; the messages are the app's own). */
const failureExamples: Record<string, unknown> = {
  400: failure('VALIDATION_ERROR', 'email: Enter a valid e-mail address', {
    details: [{ field: 'email', message: 'Enter a valid e-mail address' }],
  }),
  401: failure('UNAUTHORIZED', 'Please sign in to continue'),
  402: failure('INSUFFICIENT_CREDITS', 'Insufficient credits: this needs 5 credits and your balance is 2', {
    meta: { balance: 2, cost: 5 },
  }),
  403: failure('FORBIDDEN', 'You need ADMIN privileges to do this'),
  404: failure('NOT_FOUND', 'Job not found'),
  405: failure('METHOD_NOT_ALLOWED', 'DELETE is not allowed on /api/v1/user/me; it takes GET, HEAD, PUT'),
  409: failure('CONFLICT', 'This job is still running; delete it once it has finished'),
  413: failure('PAYLOAD_TOO_LARGE', 'The request body is too large (max 1 MB)'),
  414: failure('BAD_REQUEST', 'A value in the address is too long (at most 1000 characters)'),
  415: failure('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type; send JSON with Content-Type: application/json'),
  422: failure('UNPROCESSABLE', 'This file could not be read as an image'),
  429: failure('RATE_LIMITED', 'Too many requests. Please try again in 30 seconds.'),
  502: failure('SERVICE_UNAVAILABLE', 'The card processor returned no checkout URL'),
  503: failure('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.'),
};

/**
 * Statuses any operation can answer besides the ones its route lists: 400 when it reads input (schema
 * validation, a NUL character, a malformed percent-encoding), 414 when a path parameter is longer than
 * the router takes, 413 and 415 for any method that may carry a body (the body parsers run before the
 * route), and under /api 429 (the per-IP limit, or the per-key limit for API keys) and 503 (the
 * database is unreachable).
 */
function statusesEveryRouteCanAnswer(schema: TransformedRouteSchema, method: string, url: string): number[] {
  const hasPathParams = url.includes(':');
  const readsInput = Boolean(hasPathParams || schema.querystring || schema.body || schema.consumes);
  const mayCarryBody = methodsWithBody.has(method);
  return [
    ...(readsInput ? [400] : []),
    ...(hasPathParams ? [414] : []),
    ...(mayCarryBody ? [413, 415] : []),
    ...(url.startsWith('/api/') ? [429, 503] : []),
  ];
}

/** A failure its route documents itself: an HTML page (test-mode checkout) or no body at all (416). */
function hasOwnBody(documented: unknown): boolean {
  const schema = documented as { content?: unknown; type?: unknown } | undefined;
  return schema?.content !== undefined || schema?.type === 'null';
}

/**
 * Every failure an operation can answer, documented as what it is on the wire: the JSON failure
 * envelope, whatever the media type of its success (a CSV export's 400 is JSON, not CSV).
 */
export function documentFailures(schema: TransformedRouteSchema, method: string, url: string): TransformedRouteSchema {
  const response: Record<string, unknown> = { ...schema.response };
  for (const status of statusesEveryRouteCanAnswer(schema, method, url)) response[status] ??= failureBodySchema;
  for (const [status, documented] of Object.entries(response)) {
    if (Number(status) < 400 || hasOwnBody(documented)) continue;
    response[status] = {
      description: failureDescriptions[status] ?? 'The request failed',
      ...(status === '429' || status === '503' ? { headers: retryAfterHeader } : {}),
      content: {
        'application/json': {
          schema: failureBodySchema,
          example: failureExamples[status] ?? failure('BAD_REQUEST', failureDescriptions[status] ?? 'The request failed'),
        },
      },
    };
  }
  return { ...schema, response };
}
