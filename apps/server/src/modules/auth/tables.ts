import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oauthProviders } from '@lumen/core/auth/oauth';
import { securityEventTypes } from '@lumen/core/users/security-events';
import { users } from '../users/tables.ts';

/**
 * One row per sign-in (a refresh-token family). Access tokens carry its id (`sid`), so revoking
 * the row ends the session at once (one primary-key lookup per request).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);
export type AuthSessionRow = typeof authSessions.$inferSelect;

/** Opaque refresh tokens, stored only as SHA-256 hashes; one family (session) per sign-in. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session (auth_sessions.id) this token belongs to. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The token that replaced this one when it was rotated; set means "spent". */
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const oneTimeCodePurposes = ['email_verification', 'password_reset', 'account_deletion'] as const;
export type OneTimeCodePurpose = (typeof oneTimeCodePurposes)[number];

/** The one live code per user and purpose; a new code replaces the row. Only an HMAC of the code is kept. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: oneTimeCodePurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('one_time_codes_user_purpose_unique').on(table.userId, table.purpose)],
);
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** Accounts at external identity providers linked to a user (at most one per provider). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: oauthProviders }).notNull(),
    /** The provider's stable subject (`sub`). */
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_unique').on(table.provider, table.providerUserId),
    uniqueIndex('user_identities_user_provider_unique').on(table.userId, table.provider),
  ],
);
export type UserIdentityRow = typeof userIdentities.$inferSelect;

/**
 * Canonical addresses that have received the sign-up bonus. No foreign key: the claim outlives the
 * account, so deleting and re-creating an account (or an alias of the address) earns nothing.
 */
export const signupBonusClaims = pgTable('signup_bonus_claims', {
  canonicalEmail: text('canonical_email').primaryKey(),
  firstUserId: uuid('first_user_id'),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: securityEventTypes }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_events_user_idx').on(table.userId, table.createdAt),
    index('security_events_created_idx').on(table.createdAt),
    index('security_events_type_idx').on(table.type, table.createdAt),
  ],
);
export type SecurityEventRow = typeof securityEvents.$inferSelect;
