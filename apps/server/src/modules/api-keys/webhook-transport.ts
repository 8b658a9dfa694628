import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
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
 * POSTs a webhook without following redirects. With `pin`, the connection goes to exactly that
 * address without resolving the host again, while the Host header, TLS SNI and certificate check
 * still use the URL's host.
 */
export async function postWebhook(url: string, post: WebhookPost, pin?: ResolvedAddress): Promise<{ status: number }> {
  const dispatcher = pin ? new Agent({ connect: { lookup: pinnedLookup(pin) } }) : undefined;
  try {
    const response = await request(url, {
      method: 'POST',
      headers: post.headers,
      body: post.body,
      signal: AbortSignal.timeout(post.timeoutMs),
      ...(dispatcher ? { dispatcher } : {}),
    });
    await response.body.dump().catch(() => undefined);
    return { status: response.statusCode };
  } finally {
    await dispatcher?.destroy(null).catch(() => undefined);
  }
}
