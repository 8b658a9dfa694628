import ipaddr from 'ipaddr.js';

/** The /24 (IPv4) or /56 (IPv6) network an address belongs to; IPv4-mapped IPv6 counts as IPv4. */
export function subnetOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = address.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const bytes = address.toByteArray().slice(0, 7).concat(Array(9).fill(0));
  return `${ipaddr.fromByteArray(bytes).toString()}/56`;
}

/**
 * The address a per-IP limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * host or home usually holds a whole /64 and could otherwise step through its addresses).
 */
export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray().slice(0, 8).concat(Array(8).fill(0));
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}

/** "2 hours" / "5 minutes": how long a limit still holds, rounded up so nobody comes back too early. */
export function waitInWords(seconds: number): string {
  if (seconds >= 3600) {
    const hours = Math.ceil(seconds / 3600);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
