import { describe, expect, it } from 'vitest';
import { clientOf, subnetOf, waitInWords } from './client-limits.ts';

describe('client addresses', () => {
  it('counts IPv4 by address and IPv6 by /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe(clientOf('2001:db8:1:2:ffff::9'));
    expect(clientOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
  });

  it('groups networks by /24 and /56', () => {
    expect(subnetOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(subnetOf('2001:db8:1:2ff::1')).toBe('2001:db8:1:200::/56');
    expect(subnetOf('not an address')).toBe('not an address');
  });

  it('says how long to wait in hours from an hour up, else minutes, rounded up', () => {
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(3601)).toBe('2 hours');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(1)).toBe('1 minute');
  });
});
