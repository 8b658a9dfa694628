import { describe, expect, it } from 'vitest';
import { isAllowedWebhookUrl, isPrivateAddress } from './webhook-url-policy.ts';
import { decryptSecret, encryptSecret, signWebhook } from './key-secrets.ts';

describe('webhook URL policy', () => {
  it('takes https anywhere public; http only to localhost outside production', () => {
    expect(isAllowedWebhookUrl('https://hooks.example.com/x', 'production')).toBe(true);
    expect(isAllowedWebhookUrl('http://127.0.0.1:9000/x', 'test')).toBe(true);
    expect(isAllowedWebhookUrl('http://127.0.0.1:9000/x', 'production')).toBe(false);
    expect(isAllowedWebhookUrl('http://hooks.example.com/x', 'development')).toBe(false);
  });

  it('refuses private-network targets in production (SSRF)', () => {
    for (const url of ['https://10.0.0.5/', 'https://192.168.1.1/', 'https://172.20.0.1/', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://[fd00::1]/', 'https://localhost/', 'https://db.internal/']) {
      expect(isAllowedWebhookUrl(url, 'production'), url).toBe(false);
    }
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('::ffff:10.1.2.3')).toBe(true);
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
