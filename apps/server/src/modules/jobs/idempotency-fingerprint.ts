import { createHash } from 'node:crypto';

/** The 422 for an Idempotency-Key sent again with another request (a job's or an upload's). */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request (another body, route or tool). Send a new key for a new request.';

/** JSON with every object's keys in order, so the same request always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an Idempotency-Key is bound to besides the account (the jobs' unique index): the route it came through
 * ('POST /api/v1/jobs', a retry of one job, an MCP tool) and the request as the server read it (service, checked
 * params with their defaults, files). Stored with the job; a later use of the key with another fingerprint is a 422.
 */
export function idempotencyFingerprint(route: string, request: { service: string; params: unknown; files: unknown }): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(request)).digest('base64url');
}
