/**
 * IPv4 and IPv6 addresses and CIDR ranges as an API key's allow-list takes them ('203.0.113.0/24',
 * '2001:db8::/32', or one address). Written without node:net so the web form checks what the server checks.
 */
export type Cidr = { family: 'ipv4' | 'ipv6'; address: string; prefix: number };

const decimalOctet = /^(?:0|[1-9]\d{0,2})$/;
const hextet = /^[0-9a-f]{1,4}$/i;

export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => decimalOctet.test(part) && Number(part) <= 255);
}

export function isIpv6(value: string): boolean {
  if (value.includes('%')) return false;
  let groups = 0;
  let head = value;
  // An IPv4 tail ('::ffff:192.0.2.1') stands for the last two groups.
  const lastColon = value.lastIndexOf(':');
  if (value.slice(lastColon + 1).includes('.')) {
    if (!isIpv4(value.slice(lastColon + 1))) return false;
    groups += 2;
    head = value.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return false;
  const countGroups = (part: string) => (part === '' ? 0 : part.split(':').length);
  for (const half of halves) {
    if (half !== '' && !half.split(':').every((group) => hextet.test(group))) return false;
    groups += countGroups(half);
  }
  return halves.length === 2 ? groups <= 7 : groups === 8;
}

/** The range a string names, or null when it is not an address or a CIDR range. */
export function parseCidr(input: string): Cidr | null {
  const value = input.trim();
  const slash = value.indexOf('/');
  const address = slash === -1 ? value : value.slice(0, slash);
  const family = isIpv4(address) ? 'ipv4' : isIpv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (slash === -1) return { family, address: address.toLowerCase(), prefix: max };
  const prefixText = value.slice(slash + 1);
  if (!/^(?:0|[1-9]\d{0,2})$/.test(prefixText) || Number(prefixText) > max) return null;
  return { family, address: address.toLowerCase(), prefix: Number(prefixText) };
}

/** How a range is stored and shown: 'address/prefix', lower case. */
export function formatCidr(cidr: Cidr): string {
  return `${cidr.address}/${cidr.prefix}`;
}
