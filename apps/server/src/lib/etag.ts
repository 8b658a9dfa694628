import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route's onSend hook for public reads: tags a 200 answer with an ETag of its body and answers 304, with no body,
 * when the client already holds that version (If-None-Match). Runs before compression, on the serialised JSON.
 */
export async function etagOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}
