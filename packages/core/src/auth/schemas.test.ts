import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from './schemas.ts';
import { updateProfileBodySchema } from '../users/schemas.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: ' Ada@Example.COM ', password: 'analytical1' };

describe('account schemas', () => {
  it('normalises the e-mail to trimmed lower case', () => {
    expect(registerBodySchema.parse(valid).email).toBe('ada@example.com');
    expect(loginBodySchema.parse({ email: 'A@B.CO', password: 'x' }).email).toBe('a@b.co');
  });

  it('enforces the password policy with a clear message', () => {
    const result = registerBodySchema.safeParse({ ...valid, password: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at least 8 characters/);
    expect(registerBodySchema.safeParse({ ...valid, password: 'lettersonly' }).success).toBe(false);
  });

  it('refuses unknown fields such as a role', () => {
    expect(registerBodySchema.safeParse({ ...valid, role: 'ADMIN' }).success).toBe(false);
    expect(updateProfileBodySchema.safeParse({ firstName: 'A', credit: { balance: 1e6 } }).success).toBe(false);
  });

  it('requires at least one profile field', () => {
    expect(updateProfileBodySchema.safeParse({}).success).toBe(false);
    expect(updateProfileBodySchema.parse({ lastName: ' Byron ' })).toEqual({ lastName: 'Byron' });
  });
});
