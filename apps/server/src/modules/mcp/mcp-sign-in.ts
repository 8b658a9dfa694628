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

/**
 * A refused API key on /mcp: 403 with the JSON-RPC error and no challenge. MCP clients answer any 401 by starting
 * OAuth (the MCP Inspector then says "Interactive OAuth requires a TTY"), which cannot mend a key the user typed in;
 * a 403 shows them the reason instead ("Invalid or revoked API key"). Missing credentials and refused OAuth access
 * tokens stay 401, so that clients sign in or refresh.
 */
export function sendKeyRefused(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(403)
    .type('application/json; charset=utf-8')
    .send({ jsonrpc: '2.0', error: { code: MCP_UNAUTHORIZED, message }, id: null });
}
