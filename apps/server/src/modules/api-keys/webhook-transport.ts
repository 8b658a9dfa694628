import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './webhook-url-policy.ts';

export type WebhookPost = { headers: Record<string, string>; body: string; timeoutMs: number };

/** A resolver that answers every name with the one address already checked. */
export function pinnedLookup(pin: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // net.connect asks for all addresses when it races IPv4 and IPv6 (autoSelectFamily).
    if (options.all) callback(null, [pin]);
    else callback(null, pin.address, pin.family);
  };
}

/**
 * POSTs a webhook without following redirects, on a connection of its own. With `pin`, the connection goes to
 * exactly that address without resolving the host again, while the Host header, TLS SNI and certificate check still
 * use the URL's host. node:http(s), not the undici package: importing undici installs its own dispatcher as the
 * process's global one when none exists yet, and Node 20's built-in fetch (an older undici) then fails on requests
 * with a Content-Length header (the Google sign-in's token exchange).
 */
export function postWebhook(url: string, post: WebhookPost, pin?: ResolvedAddress): Promise<{ status: number }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        signal: AbortSignal.timeout(post.timeoutMs),
        agent: false,
        ...(pin ? { lookup: pinnedLookup(pin) } : {}),
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.resume();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(post.body);
  });
}
