import type { FastifyReply } from 'fastify';

/** The JSON-RPC code of a request refused before any MCP work for want of a valid credential (a server error code). */
export const MCP_UNAUTHORIZED = -32001;

/**
 * A sign-in failure on /mcp as MCP clients expect it: 401 with `WWW-Authenticate: Bearer` naming the RFC 9728
 * protected-resource metadata (`resource_metadata`, where OAuth clients start; decision 072), plus RFC 6750's
 * `error="invalid_token"` when a credential was sent and refused, and a JSON-RPC error whose message is the API's.
 */
export function sendSignInFailure(
  reply: FastifyReply,
  message: string,
  credentialSent: boolean,
  resourceMetadataUrl: string,
): FastifyReply {
  const challenge = `Bearer realm="mcp", resource_metadata="${resourceMetadataUrl}"${credentialSent ? ', error="invalid_token"' : ''}`;
  return reply
    .code(401)
    .header('www-authenticate', challenge)
    .type('application/json; charset=utf-8')
    .send({ jsonrpc: '2.0', error: { code: MCP_UNAUTHORIZED, message }, id: null });
}
