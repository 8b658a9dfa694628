import type { User } from '@lumen/core/users/schemas';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u_1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    profileImage: null,
    role: 'USER',
    emailVerified: true,
    credit: { balance: 5, spent: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
