import { describe, expect, it } from 'vitest';
import { oauthStartQuerySchema } from './oauth.ts';
import { resetPasswordWithOtpBodySchema, verifyEmailOtpBodySchema } from './one-time-code.ts';

describe('account security schemas', () => {
  it('accepts exactly six digits as a code', () => {
    expect(verifyEmailOtpBodySchema.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      expect(verifyEmailOtpBodySchema.safeParse({ code }).success).toBe(false);
    }
  });

  it('applies the password policy to the new password', () => {
    const body = { email: 'A@b.co', code: '123456', newPassword: 'short' };
    expect(resetPasswordWithOtpBodySchema.safeParse(body).success).toBe(false);
    expect(resetPasswordWithOtpBodySchema.parse({ ...body, newPassword: 'longer-one-1' }).email).toBe('a@b.co');
  });

  it('only redirects to paths inside the site', () => {
    expect(oauthStartQuerySchema.safeParse({ redirect: '/dashboard/tools' }).success).toBe(true);
    for (const redirect of ['//evil.example', 'https://evil.example', '/\\evil.example', 'dashboard']) {
      expect(oauthStartQuerySchema.safeParse({ redirect }).success).toBe(false);
    }
  });
});
