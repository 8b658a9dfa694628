import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Requests the server makes to itself in process (the page renderer reading the public API) carry
 * this header with a secret drawn at start-up, so per-client limits do not count them.
 */
export const INTERNAL_REQUEST_HEADER = 'x-lumen-internal-request';
export const internalRequestToken = randomBytes(24).toString('base64url');

export function isInternalRequest(request: FastifyRequest): boolean {
  return request.headers[INTERNAL_REQUEST_HEADER] === internalRequestToken;
}
