import type { FastifyReply } from 'fastify';

/** The JSON-RPC code of a request refused before any MCP work for want of a valid credential (a server error code). */
export const MCP_UNAUTHORIZED = -32001;

/**
 * A sign-in failure on /mcp as MCP clients expect it: 401 with `WWW-Authenticate: Bearer` (RFC 6750:
 * `error="invalid_token"` when a credential was sent and refused) and a JSON-RPC error whose message is the
 * API's. The challenge names no `resource_metadata`: there is no authorization server to point to (API keys
 * only, decision 040), and `/.well-known/oauth-protected-resource` answers a JSON 404.
 */
export function sendSignInFailure(reply: FastifyReply, message: string, credentialSent: boolean): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', credentialSent ? 'Bearer realm="mcp", error="invalid_token"' : 'Bearer realm="mcp"')
    .type('application/json; charset=utf-8')
    .send({ jsonrpc: '2.0', error: { code: MCP_UNAUTHORIZED, message }, id: null });
}
