import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A JSON answer serialised once, as UTF-8 bytes, with their ETag. Bytes rather than a string: a string body is measured
 * and encoded to UTF-8 again on every answer (and its text, often with typographic quotes, is two bytes a character in
 * V8), which cost about 8 % of a cached read.
 */
export type PreparedJson = { body: Buffer; etag: string };

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A strong ETag of a body: the SHA-1 of its bytes in base64url, quoted. */
function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header names `etag` (weak or strong, one of a list, or `*`). */
export function holdsEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Encodes `value` by the route's response schema, as the zod serialiser would on every request, and keeps the
 * result as bytes and an ETag, for answers that stay the same until the database announces a change.
 */
export function prepareJson<S extends z.ZodType>(schema: S, value: z.output<S>): PreparedJson {
  const body = Buffer.from(JSON.stringify(z.encode(schema, value)));
  return { body, etag: etagOf(body) };
}

/**
 * Answers a prepared JSON body: 304 with no body when the client holds its ETag, else the bytes as they are (bytes skip
 * Fastify's serialiser; compression still applies).
 */
export function sendPreparedJson(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson): FastifyReply {
  reply.header('etag', prepared.etag);
  if (holdsEtag(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
  return reply.header('content-type', JSON_CONTENT_TYPE).send(prepared.body);
}

/**
 * Answers a value already in its wire shape as JSON without the route's zod serialiser, for hot routes whose answer is
 * a few plain numbers and strings (the schema still documents it; its tests check the answer against it).
 */
export function sendPlainJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.header('content-type', JSON_CONTENT_TYPE).send(JSON.stringify(value));
}
