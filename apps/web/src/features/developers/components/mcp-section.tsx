import { useState } from 'react';
import { CodeBlock } from './code-block.tsx';
import { Disclosure } from './disclosure.tsx';
import { PageSection } from './page-section.tsx';

const tools = ['ai_background', 'image_generator', 'virtual_try_on', 'speedpainting', 'sales_pilot', 'sound_generator', 'get_job'];

/** With a key in a header; leave `headers` out and an OAuth-capable client signs in through the browser instead. */
function clientConfig(origin: string): string {
  return JSON.stringify(
    { mcpServers: { 'lumen-studio': { type: 'http', url: `${origin}/mcp`, headers: { 'X-API-Key': 'sk_live_…' } } } },
    null,
    2,
  );
}

function unauthorized(origin: string): string {
  return `HTTP/1.1 401 Unauthorized
WWW-Authenticate: Bearer realm="mcp", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"
Content-Type: application/json; charset=utf-8

{"jsonrpc":"2.0","error":{"code":-32001,"message":"Sign in: connect through OAuth (your assistant opens the sign-in page), or send your API key in X-API-Key or as Authorization: Bearer <key>"},"id":null}`;
}

/**
 * The MCP server at /mcp, for AI agents: OAuth or the same keys, credits and limits as the REST API. The details start
 * collapsed, like the operations, so the page stays short on a phone.
 */
export function McpSection({ origin }: { origin: string }) {
  const [open, setOpen] = useState(false);
  return (
    <PageSection id="mcp" title="MCP for AI agents">
      <p className="text-sm wrap-anywhere text-slate-700">
        AI assistants and agents that speak the Model Context Protocol use the services at{' '}
        <code className="font-mono text-xs">{origin}/mcp</code>: Streamable HTTP, stateless, JSON-RPC by POST (GET and DELETE answer 405).
        An assistant signs in either through OAuth (it opens a page here where you approve it, choose the services it may use and a monthly
        credit cap; it then appears under Connected apps in API Management, where you can revoke it) or with an API key, as{' '}
        <code className="font-mono text-xs">X-API-Key</code> or <code className="font-mono text-xs">Authorization: Bearer sk_live_…</code>.
      </p>
      <Disclosure
        open={open}
        onOpenChange={setOpen}
        summary={<span className="text-sm font-medium text-slate-900">Tools, resources, errors and a client configuration</span>}
      >
        <div className="space-y-2 text-sm wrap-anywhere text-slate-700">
          <p>
            Tools:{' '}
            {tools.map((tool, index) => (
              <span key={tool}>
                {index > 0 && ', '}
                <code className="font-mono text-xs">{tool}</code>
              </span>
            ))}
            . Each service tool takes <code className="font-mono text-xs">{'{ params, files?, idempotencyKey? }'}</code> (the params and
            upload ids of POST /jobs), charges the service&apos;s cost as the API does (scopes, monthly cap, ledger), waits up to 10 s and
            answers with the job and its links. Resources: <code className="font-mono text-xs">lumen://balance</code>,{' '}
            <code className="font-mono text-xs">lumen://jobs</code> and <code className="font-mono text-xs">lumen://jobs/{'{id}'}</code>.
          </p>
          <p>
            A refused call (insufficient credits, scope, cap, bad input) is a tool result with{' '}
            <code className="font-mono text-xs">isError</code> and the API&apos;s message; a job that is not yours is JSON-RPC error -32002.
            A missing credential, or a wrong, revoked or expired access token, is a 401 with{' '}
            <code className="font-mono text-xs">WWW-Authenticate: Bearer</code> naming the OAuth metadata (
            <code className="font-mono text-xs">{origin}/.well-known/oauth-protected-resource/mcp</code>) and a JSON-RPC error whose message
            says what was wrong; a wrong, revoked or expired API key is a 403 with that JSON-RPC error and no challenge, so your assistant
            shows the reason instead of starting a sign-in. OAuth follows the MCP authorization specification: dynamic client registration,
            PKCE (S256), tokens bound to <code className="font-mono text-xs">{origin}/mcp</code>, rotating refresh tokens. Every JSON-RPC
            message counts against the key&apos;s (or app&apos;s) per-minute limit; a batch holds at most 20.
          </p>
        </div>
        <CodeBlock label="MCP client configuration" code={clientConfig(origin)} />
        <CodeBlock label="MCP sign-in failure" code={unauthorized(origin)} />
      </Disclosure>
    </PageSection>
  );
}
