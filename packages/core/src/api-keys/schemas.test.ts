import { describe, expect, it } from 'vitest';
import { apiKeyMessages, generateApiKeyBodySchema, isAcceptableWebhookUrl } from './schemas.ts';

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
});
