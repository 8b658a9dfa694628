import type { User } from '@lumen/core/users/schemas';
import type { UserProfileRow } from './user-directory.ts';

/** A user with its credit account, as every endpoint shows it (the credits module reads it). */
export type UserWithCredit = UserProfileRow & { credit: { balance: number; spent: number } };

/** The user object of packages/core's userSchema, as every endpoint returns it. */
export function toUserDto(row: UserWithCredit): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImage: row.profileImage,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    credit: { balance: row.credit.balance, spent: row.credit.spent },
    createdAt: row.createdAt.toISOString(),
  };
}
