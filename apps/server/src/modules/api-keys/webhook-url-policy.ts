import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isAcceptableWebhookUrl } from '@lumen/core/api-keys/schemas';
import type { NodeEnv } from '../../config/index.ts';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const ipv4Compatible = ipaddr.IPv6.parseCIDR('::/96');
const nat64WellKnown = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const nat64LocalUse = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
const sixToFour = ipaddr.IPv6.parseCIDR('2002::/16');
const teredo = ipaddr.IPv6.parseCIDR('2001::/32');

const ipv4At = (bytes: number[], ...indexes: number[]): IPv4 => new ipaddr.IPv4(indexes.map((index) => bytes[index] ?? 0));

/**
 * The IPv4 addresses an IPv6 address stands for, or null when it embeds none. Translators and tunnels
 * deliver packets for these forms to the embedded IPv4 address, so that is what has to be public.
 */
function embeddedIPv4(address: IPv6): IPv4[] | null {
  const bytes = address.toByteArray();
  if (address.isIPv4MappedAddress() || address.match(ipv4Compatible) || address.match(nat64WellKnown))
    return [ipv4At(bytes, 12, 13, 14, 15)];
  if (address.match(sixToFour)) return [ipv4At(bytes, 2, 3, 4, 5)];
  if (address.match(teredo)) {
    // Server address in bits 32-63, client address (the one packets go to) obfuscated with XOR in bits 96-127.
    return [ipv4At(bytes, 4, 5, 6, 7), new ipaddr.IPv4(bytes.slice(12, 16).map((byte) => byte ^ 0xff))];
  }
  if (address.match(nat64LocalUse)) {
    // The network chooses the prefix length (RFC 6052: /48, /56, /64 or /96 inside this /48, skipping
    // bits 64-71), so every position the IPv4 address could take has to be public.
    return [ipv4At(bytes, 6, 7, 9, 10), ipv4At(bytes, 7, 9, 10, 11), ipv4At(bytes, 9, 10, 11, 12), ipv4At(bytes, 12, 13, 14, 15)];
  }
  return null;
}

/**
 * Anything but a global unicast address: private, loopback, link-local, CGNAT, multicast, reserved and
 * documentation ranges, IPv6 forms embedding such an IPv4 address, and anything that does not parse.
 */
export function isPrivateAddress(address: string): boolean {
  // Only canonical notations: ipaddr.js also takes '0x7f.1' or '0127.0.0.1', which other parsers read differently.
  if (isIP(address) === 0) return true;
  let parsed: IPv4 | IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const ipv6 = parsed as IPv6;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) return embedded.some((ipv4) => ipv4.range() !== 'unicast');
  return ipv6.range() !== 'unicast';
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Whether a webhook URL may be stored: https (http to localhost outside production); in production
 * no local or private-network host (SSRF). Names are resolved again before each delivery.
 */
export function isAllowedWebhookUrl(value: string, nodeEnv: NodeEnv): boolean {
  if (!isAcceptableWebhookUrl(value)) return false;
  const url = new URL(value);
  if (nodeEnv !== 'production') return true;
  if (url.protocol !== 'https:') return false;
  const host = hostOf(url).replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return false;
  return isIP(host) === 0 || !isPrivateAddress(host);
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a name resolves to (the system resolver: hosts file, then DNS). */
export type WebhookLookup = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export const systemLookup: WebhookLookup = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Before a production delivery: resolves the URL's host once and returns the address to connect to,
 * or null when there is none or any answer is not public. The request must then go to exactly this
 * address; resolving again would let a name answer differently the second time (DNS rebinding).
 */
export async function resolvePublicAddress(
  value: string,
  lookup: WebhookLookup = systemLookup,
  isPrivate: (address: string) => boolean = isPrivateAddress,
): Promise<ResolvedAddress | null> {
  const host = hostOf(new URL(value));
  const literal = isIP(host);
  if (literal !== 0) return isPrivate(host) ? null : { address: host, family: literal === 4 ? 4 : 6 };
  let answers: ReadonlyArray<{ address: string; family: number }>;
  try {
    answers = await lookup(host);
  } catch {
    return null;
  }
  const first = answers[0];
  if (!first || answers.some((entry) => isPrivate(entry.address))) return null;
  const family = isIP(first.address);
  return family === 0 ? null : { address: first.address, family: family === 4 ? 4 : 6 };
}
