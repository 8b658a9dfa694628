import { describe, expect, it } from 'vitest';
import { apiKeyMessages, formatKeyMoment, generateApiKeyBodySchema, isAcceptableWebhookUrl, rollApiKeyBodySchema } from './schemas.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('api key schemas', () => {
  it('needs a name that is not blank after trimming', () => {
    expect(messages(generateApiKeyBodySchema.safeParse({ name: '   ' }))).toEqual([apiKeyMessages.nameRequired]);
    expect(messages(generateApiKeyBodySchema.safeParse({}))).toEqual([apiKeyMessages.nameRequired]);
    expect(generateApiKeyBodySchema.parse({ name: '  CI  ' }).name).toBe('CI');
  });

  it('bounds rate limit and cap, and refuses unknown services and fields', () => {
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', rateLimit: 0 }).success).toBe(false);
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', rateLimit: 1001 }).success).toBe(false);
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', rateLimit: 1.5 }).success).toBe(false);
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', monthlyCreditCap: 0 }).success).toBe(false);
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', allowedServices: ['nope'] }).success).toBe(false);
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', role: 'ADMIN' }).success).toBe(false);
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', rateLimit: 1000, monthlyCreditCap: null, allowedServices: null }).success).toBe(
      true,
    );
  });

  it('takes https webhook URLs, and http only to the local machine', () => {
    expect(isAcceptableWebhookUrl('https://hooks.example.com/lumen')).toBe(true);
    expect(isAcceptableWebhookUrl('http://127.0.0.1:8080/hook')).toBe(true);
    expect(isAcceptableWebhookUrl('http://localhost/hook')).toBe(true);
    expect(isAcceptableWebhookUrl('http://hooks.example.com/lumen')).toBe(false);
    expect(isAcceptableWebhookUrl('https://user:pw@hooks.example.com/')).toBe(false);
    expect(isAcceptableWebhookUrl('ftp://hooks.example.com/')).toBe(false);
    expect(isAcceptableWebhookUrl('not a url')).toBe(false);
  });

  it('takes an optional expiry between 2000 and 2100 and an optional allow-list of 1 to 50 ranges', () => {
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', expiresAt: '2027-01-01T00:00:00Z', ipAllowList: ['10.0.0.0/8'] }).success).toBe(
      true,
    );
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', expiresAt: null, ipAllowList: null }).success).toBe(true);
    expect(messages(generateApiKeyBodySchema.safeParse({ name: 'a', expiresAt: '0030-01-01T00:00:00Z' }))).toEqual([
      'Expiry must be between the years 2000 and 2100',
    ]);
    expect(messages(generateApiKeyBodySchema.safeParse({ name: 'a', ipAllowList: ['10.0.0.0/40'] }))).toEqual([apiKeyMessages.ipAllowList]);
    expect(generateApiKeyBodySchema.safeParse({ name: 'a', ipAllowList: [] }).success).toBe(false);
  });

  it('rolls with one of the grace periods, and writes moments in UTC to the minute', () => {
    for (const grace of ['none', '1h', '24h', '7d']) expect(rollApiKeyBodySchema.safeParse({ grace }).success).toBe(true);
    expect(rollApiKeyBodySchema.safeParse({ grace: '2h' }).success).toBe(false);
    expect(rollApiKeyBodySchema.safeParse({}).success).toBe(false);
    expect(formatKeyMoment('2026-12-01T09:30:59.000Z')).toBe('2026-12-01 09:30 UTC');
  });
});
