import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type Cidr = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4, how dual-stack sockets report IPv4) as plain IPv4. */
export function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

function ipv4ToBigInt(ip: string): bigint {
  return ip.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n);
}

function expandIpv6(ip: string): bigint {
  let text = ip.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const n = ipv4ToBigInt(v4[1]);
    text = text.replace(v4[1], `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`);
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array(tail !== undefined ? missing : 0).fill('0'), ...right];
  return groups.reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group || '0', 16)), 0n);
}

function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt((7 - i) * 16)) & 0xffffn).toString(16));
  // Compress the longest run of zero groups (RFC 5952).
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== '0') {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j += 1;
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i };
    i = j;
  }
  if (best.start < 0) return groups.join(':');
  return `${groups.slice(0, best.start).join(':')}::${groups.slice(best.start + best.length).join(':')}`;
}

/** Parses '203.0.113.7', '203.0.113.0/24' or '2001:db8::/32' into its network address and prefix; null when invalid. */
export function parseCidr(text: string): Cidr | null {
  const [rawAddress = '', rawPrefix, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const address = plainIp(rawAddress);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!family || address.includes('%')) return null;
  const bits = family === 'ipv4' ? 32 : 128;
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = rawPrefix === undefined ? bits : Number(rawPrefix);
  if (prefix < 0 || prefix > bits) return null;
  const value = family === 'ipv4' ? ipv4ToBigInt(address) : expandIpv6(address);
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  const network = value & mask;
  const networkText =
    family === 'ipv4' ? [24n, 16n, 8n, 0n].map((shift) => String((network >> shift) & 0xffn)).join('.') : formatIpv6(network);
  return { address: networkText, prefix, family };
}

export const cidrText = (cidr: Cidr) => `${cidr.address}/${cidr.prefix}`;

/** A matcher over ranges (node's BlockList); IPv4-mapped IPv6 addresses are checked as IPv4. */
export function createMatcher(ranges: Cidr[]): (ip: string) => boolean {
  // No range blocked (the usual case): nothing to parse per request.
  if (ranges.length === 0) return () => false;
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
  return (ip: string): boolean => {
    const plain = plainIp(ip);
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    if (isIPv6(plain)) return list.check(plain, 'ipv6');
    return false;
  };
}
