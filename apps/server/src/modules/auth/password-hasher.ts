import { hash, verify } from '@node-rs/argon2';
import type { Options } from '@node-rs/argon2';

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same effort as a real verify, for unknown e-mails (no timing leak). */
  verifyDummy(password: string): Promise<void>;
};

/** argon2id (the library's default algorithm); OWASP's parameters, or cheap ones in tests. */
export function createPasswordHasher(options: { isCheap: boolean }): PasswordHasher {
  const params: Options = options.isCheap
    ? { memoryCost: 256, timeCost: 1, parallelism: 1 }
    : { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  let dummyHash: Promise<string> | null = null;

  return {
    hash: (password) => hash(password, params),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      dummyHash ??= hash('dummy-password-for-timing-1', params);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
