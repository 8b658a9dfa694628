import { BlockList, isIP } from 'node:net';
import { formatCidr, parseCidr } from '@lumen/core/api-keys/cidr';

const CACHE_LIMIT = 1000;
/** Built lists by their ranges: a key's list is parsed once per process, not on every request. */
const cache = new Map<string, BlockList>();

function blockListOf(ranges: string[]): BlockList {
  const name = ranges.join(',');
  let list = cache.get(name);
  if (list) return list;
  list = new BlockList();
  for (const range of ranges) {
    const cidr = parseCidr(range);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(name, list);
  return list;
}

/** Whether `ip` (IPv4, IPv6, or IPv4-mapped IPv6 such as ::ffff:203.0.113.5) is inside one of the ranges. */
export function isAllowedIp(ranges: string[], ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return blockListOf(ranges).check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The ranges as stored: 'address/prefix', lower case, without repeats; null when a range is one Node
 * cannot use (the shared schema has already refused anything else).
 */
export function normalizeIpAllowList(ranges: string[]): string[] | null {
  const normalized: string[] = [];
  for (const range of ranges) {
    const cidr = parseCidr(range);
    if (!cidr || isIP(cidr.address) === 0) return null;
    try {
      new BlockList().addSubnet(cidr.address, cidr.prefix, cidr.family);
    } catch {
      return null;
    }
    normalized.push(formatCidr(cidr));
  }
  return [...new Set(normalized)];
}
