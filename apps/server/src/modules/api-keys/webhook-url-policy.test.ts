import { describe, expect, it } from 'vitest';
import { isAllowedWebhookUrl, isPrivateAddress, resolvePublicAddress } from './webhook-url-policy.ts';
import type { WebhookLookup } from './webhook-url-policy.ts';
import { decryptSecret, encryptSecret, signWebhook } from './key-secrets.ts';

describe('webhook URL policy', () => {
  it('takes https anywhere public; http only to localhost outside production', () => {
    expect(isAllowedWebhookUrl('https://hooks.example.com/x', 'production')).toBe(true);
    expect(isAllowedWebhookUrl('http://127.0.0.1:9000/x', 'test')).toBe(true);
    expect(isAllowedWebhookUrl('http://127.0.0.1:9000/x', 'production')).toBe(false);
    expect(isAllowedWebhookUrl('http://hooks.example.com/x', 'development')).toBe(false);
  });

  it('refuses private-network targets in production (SSRF)', () => {
    for (const url of [
      'https://10.0.0.5/',
      'https://192.168.1.1/',
      'https://172.20.0.1/',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://localhost/',
      'https://db.internal/',
    ]) {
      expect(isAllowedWebhookUrl(url, 'production'), url).toBe(false);
    }
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('::ffff:10.1.2.3')).toBe(true);
  });

  // Loopback / private IPv4 inside every IPv6 form that carries one.
  const embeddedPrivate = {
    'IPv4-mapped': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:192.168.1.1'],
    'IPv4-compatible': ['::127.0.0.1', '::7f00:1', '::a00:5', '::a9fe:a9fe'],
    'NAT64 64:ff9b::/96': ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a00:1', '64:ff9b::a9fe:a9fe'],
    'NAT64 64:ff9b:1::/48': ['64:ff9b:1::7f00:1', '64:ff9b:1::a00:1', '64:ff9b:1:7f:0:100::'],
    '6to4 2002::/16': ['2002:7f00:1::', '2002:a00:1::1', '2002:c0a8:101:1::1'],
    // Client address 127.0.0.1 and 10.0.0.1, XOR 0xffffffff; server 65.54.227.120.
    'Teredo 2001::/32': ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:4136:e378:8000:63bf:f5ff:fffe', '2001::'],
  };
  const publicAddresses = [
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ];

  it.each(Object.entries(embeddedPrivate))('refuses %s addresses that carry a private IPv4 address', (_form, addresses) => {
    for (const address of addresses) {
      expect(isPrivateAddress(address), address).toBe(true);
      const url = `https://[${address}]/hook`;
      expect(isAllowedWebhookUrl(url, 'production'), url).toBe(false);
    }
  });

  it('allows public addresses, IPv6 forms carrying a public IPv4 address included', () => {
    for (const address of publicAddresses) {
      expect(isPrivateAddress(address), address).toBe(false);
      const url = address.includes(':') ? `https://[${address}]/hook` : `https://${address}/hook`;
      expect(isAllowedWebhookUrl(url, 'production'), url).toBe(true);
    }
  });

  it('refuses every non-unicast range and anything that does not parse', () => {
    for (const address of [
      '0.0.0.0',
      '100.64.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      'fd12::1',
      '2001:db8::1',
      '100::1',
      '::ffff:0:7f00:1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const input of ['', 'example.com', '1.2.3', '127.1', '0x7f000001', '0127.0.0.1', '::g', '1.2.3.4.5', '[::1]'])
      expect(isPrivateAddress(input), input).toBe(true);
    expect(isAllowedWebhookUrl('https://localhost./hook', 'production')).toBe(false);
  });

  it('keeps development and test as they were: http to localhost, any https host', () => {
    for (const env of ['development', 'test'] as const) {
      expect(isAllowedWebhookUrl('http://localhost:4000/hook', env)).toBe(true);
      expect(isAllowedWebhookUrl('http://[::1]:4000/hook', env)).toBe(true);
      expect(isAllowedWebhookUrl('https://[::127.0.0.1]/hook', env)).toBe(true);
    }
  });
});

describe('resolving a webhook host before delivery', () => {
  const answering = (...addresses: string[]) => {
    const calls: string[] = [];
    const lookup: WebhookLookup = async (hostname) => {
      calls.push(hostname);
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { calls, lookup };
  };

  it('returns the first answer when every answer is public', async () => {
    const { calls, lookup } = answering('2606:4700::1111', '8.8.8.8');
    expect(await resolvePublicAddress('https://hooks.example.com/x', lookup)).toEqual({ address: '2606:4700::1111', family: 6 });
    expect(calls).toEqual(['hooks.example.com']);
  });

  it('refuses a name when any answer is private, when nothing answers and when resolution fails', async () => {
    expect(await resolvePublicAddress('https://hooks.example.com/x', answering('8.8.8.8', '10.0.0.1').lookup)).toBeNull();
    expect(await resolvePublicAddress('https://hooks.example.com/x', answering('64:ff9b::7f00:1').lookup)).toBeNull();
    expect(await resolvePublicAddress('https://hooks.example.com/x', answering().lookup)).toBeNull();
    expect(
      await resolvePublicAddress('https://hooks.example.com/x', async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toBeNull();
  });

  it('checks an address literal itself without resolving it', async () => {
    const { calls, lookup } = answering('8.8.8.8');
    expect(await resolvePublicAddress('https://[2002:7f00:1::]/x', lookup)).toBeNull();
    expect(await resolvePublicAddress('https://[64:ff9b::808:808]/x', lookup)).toEqual({ address: '64:ff9b::808:808', family: 6 });
    expect(await resolvePublicAddress('https://1.1.1.1/x', lookup)).toEqual({ address: '1.1.1.1', family: 4 });
    expect(calls).toEqual([]);
  });
});

describe('secrets', () => {
  it('seals webhook secrets with AES-256-GCM under the JWT secret', () => {
    const sealed = encryptSecret('a'.repeat(40), 'whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(decryptSecret('a'.repeat(40), sealed)).toBe('whsec_abc');
    expect(() => decryptSecret('b'.repeat(40), sealed)).toThrow();
  });

  it('signs "<t>.<body>" with HMAC-SHA256 in hex', async () => {
    const { createHmac } = await import('node:crypto');
    const mac = createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('hex');
    expect(signWebhook('secret', '{"a":1}', 1700000000)).toBe(`t=1700000000,v1=${mac}`);
  });
});
