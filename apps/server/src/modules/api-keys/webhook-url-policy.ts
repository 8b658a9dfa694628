import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isAcceptableWebhookUrl } from '@lumen/core/api-keys/schemas';
import type { NodeEnv } from '../../config.ts';

/** Private, loopback, link-local, CGNAT, multicast and reserved ranges: never a webhook target in production. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  if (version === 6) {
    const lower = address.toLowerCase();
    if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
    return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
  }
  return true;
}

/**
 * Whether a webhook URL may be stored: https (http to localhost outside production); in production
 * no local or private-network host (SSRF). Names are resolved again before each delivery.
 */
export function isAllowedWebhookUrl(value: string, nodeEnv: NodeEnv): boolean {
  if (!isAcceptableWebhookUrl(value)) return false;
  const url = new URL(value);
  if (nodeEnv !== 'production') return true;
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return false;
  return isIP(host) === 0 || !isPrivateAddress(host);
}

/** Before a production delivery: every address the name resolves to is public. */
export async function resolvesToPublicAddresses(value: string): Promise<boolean> {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isPrivateAddress(host);
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((entry) => !isPrivateAddress(entry.address));
  } catch {
    return false;
  }
}
