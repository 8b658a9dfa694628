import { parseCidr } from '@lumen/core/api-keys/cidr';

/**
 * Which proxies may tell us the client's address (TRUST_PROXY). The client address is the X-Forwarded-For entry the
 * nearest trusted proxy appended, never one a client wrote: `false` trusts no proxy (the socket's address is the
 * client), `hops` trusts that many proxies in front of the server (`true` is one), `proxies` trusts the proxies at
 * these addresses or ranges and takes the rightmost address that is not one of them.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

export const MAX_PROXY_HOPS = 10;

export const TRUST_PROXY_MESSAGE =
  'must be true (one proxy), false, a number of proxies (1-10), or a comma-separated list of proxy addresses or CIDR ranges';

/** The setting TRUST_PROXY names, or null when the value is none of its forms. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_PROXY_HOPS ? { hops } : null;
  }
  const proxies = text.split(',').map((entry) => entry.trim());
  if (proxies.some((entry) => parseCidr(entry) === null)) return null;
  return { proxies };
}
