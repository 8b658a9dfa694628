import { describe, expect, it } from 'vitest';
import { formatCidr, isIpv4, isIpv6, parseCidr } from './cidr.ts';

describe('IP ranges of an allow-list', () => {
  it('reads IPv4 and IPv6 addresses and CIDR ranges, a bare address as one host', () => {
    expect(parseCidr('203.0.113.0/24')).toEqual({ family: 'ipv4', address: '203.0.113.0', prefix: 24 });
    expect(parseCidr(' 198.51.100.7 ')).toEqual({ family: 'ipv4', address: '198.51.100.7', prefix: 32 });
    expect(parseCidr('2001:DB8::/32')).toEqual({ family: 'ipv6', address: '2001:db8::', prefix: 32 });
    expect(parseCidr('::1')).toEqual({ family: 'ipv6', address: '::1', prefix: 128 });
    expect(parseCidr('0.0.0.0/0')).toEqual({ family: 'ipv4', address: '0.0.0.0', prefix: 0 });
    expect(formatCidr(parseCidr('::ffff:192.0.2.1')!)).toBe('::ffff:192.0.2.1/128');
  });

  it('accepts every IPv6 spelling and refuses malformed ones', () => {
    for (const ok of ['::', '1::', '::ffff:192.0.2.1', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '1:2:3:4:5:6:192.0.2.1', 'fe80::1']) {
      expect(isIpv6(ok), ok).toBe(true);
    }
    for (const bad of [
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      ':1::2',
      '1:::2',
      '12345::',
      'fe80::1%eth0',
      '1:2:3:4:5:6:7:192.0.2.1',
      'g::1',
      '',
    ]) {
      expect(isIpv6(bad), bad).toBe(false);
    }
  });

  it('refuses what is not an address, leading zeros and prefixes out of range', () => {
    for (const bad of [
      '300.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/08',
      '2001:db8::/129',
      'example.com',
      '1.2.3.4/24/1',
    ]) {
      expect(parseCidr(bad), bad).toBeNull();
    }
    expect(isIpv4('255.255.255.255')).toBe(true);
    expect(isIpv4('256.0.0.1')).toBe(false);
  });
});
