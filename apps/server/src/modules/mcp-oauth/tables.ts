import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { users } from '../users/tables.ts';

/** MCP clients (assistants) registered through RFC 7591 dynamic registration: public clients, no secret. */
export const oauthClients = pgTable('oauth_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The `client_id` handed to the client (random, not a secret). */
  clientId: text('client_id').notNull().unique(),
  /** As the client registered it: nobody checked it (the consent page says so). */
  clientName: text('client_name').notNull(),
  clientUri: text('client_uri'),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  registeredIp: text('registered_ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a user allowed a client: the services (scopes) it may call on /mcp and the monthly credit cap its calls
 * must stay within. Revoking the grant ends every token issued under it.
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    allowedServices: jsonb('allowed_services').$type<ServiceKey[]>().notNull(),
    monthlyCreditCap: integer('monthly_credit_cap').notNull(),
    /** The RFC 8707 resource the tokens are bound to: the canonical /mcp address. */
    resource: text('resource').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it was revoked: 'user', 'refresh_token_reuse', 'account_deleted'. */
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    index('oauth_grants_user_created_idx').on(table.userId, table.createdAt),
    check('oauth_grants_cap_check', sql`${table.monthlyCreditCap} >= 0`),
  ],
);

/**
 * One authorization request from /oauth/authorize: its id is the one-time consent id the consent page shows and
 * answers; once approved it carries the hash of the authorization code (single use, short-lived, bound to the
 * client, redirect_uri, PKCE challenge and resource).
 */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    resource: text('resource').notNull(),
    /** The services the client asked for (its `scope`), which the consent page preselects. */
    requestedServices: jsonb('requested_services').$type<ServiceKey[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The consent must be answered before this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Approved or denied: a consent id is answered once. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    grantId: uuid('grant_id').references(() => oauthGrants.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the authorization code. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('oauth_authorizations_code_hash_unique').on(table.codeHash),
    index('oauth_authorizations_expires_idx').on(table.expiresAt),
  ],
);

/** Access and refresh tokens of a grant; only their SHA-256 is stored. A refresh token is used once (rotation). */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh token exchanged for new tokens; presenting it again revokes the grant. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oauth_tokens_token_hash_unique').on(table.tokenHash),
    index('oauth_tokens_grant_idx').on(table.grantId),
    check('oauth_tokens_kind_check', sql`${table.kind} in ('access', 'refresh')`),
  ],
);

export type OauthClientRow = typeof oauthClients.$inferSelect;
export type OauthGrantRow = typeof oauthGrants.$inferSelect;
export type OauthAuthorizationRow = typeof oauthAuthorizations.$inferSelect;
