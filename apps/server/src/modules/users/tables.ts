import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from '@lumen/core/users/schemas';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** Null for accounts that only sign in through an external identity provider. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: roles }).notNull().default('USER'),
    profileImage: text('profile_image'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set by an admin: the account cannot sign in and its sessions and API keys stop working. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('USER', 'ADMIN')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
