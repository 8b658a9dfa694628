import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { users } from '../users/tables.ts';

/** Programmatic access for a user (decision 016): only the SHA-256 of the secret is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first 16 characters, e.g. 'sk_live_AbCd1234'. */
    keyPrefix: text('key_prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull(),
    status: text('status', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    rateLimit: integer('rate_limit').notNull(),
    allowedServices: jsonb('allowed_services').$type<ServiceKey[]>(),
    monthlyCreditCap: integer('monthly_credit_cap'),
    webhookUrl: text('webhook_url'),
    /** AES-256-GCM of the webhook signing secret, with a key derived from JWT_SECRET (decision 018). */
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    /** The key this one replaced on regenerate: its usage this month counts against this key's cap. */
    replacedKeyId: uuid('replaced_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Deleted keys stop working and leave the list; their usage stays (jobs keep api_key_id). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The key stops working at this moment (401); null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** CIDR ranges ('203.0.113.0/24', '2001:db8::/32') the key may be used from; null: anywhere. */
    ipAllowList: jsonb('ip_allow_list').$type<string[]>(),
    /** After a roll: the replaced secret's hash and prefix, accepted until previous_key_expires_at (decision 039). */
    previousKeyHash: text('previous_key_hash'),
    previousKeyPrefix: text('previous_key_prefix'),
    previousKeyExpiresAt: timestamp('previous_key_expires_at', { withTimezone: true }),
    /** The smallest number of days-before-expiry whose reminder was sent (7, then 1): each reminder goes once. */
    expiryReminderDays: integer('expiry_reminder_days'),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_unique').on(table.keyHash),
    uniqueIndex('api_keys_previous_key_hash_unique').on(table.previousKeyHash),
    index('api_keys_user_created_idx').on(table.userId, table.createdAt),
    index('api_keys_expires_idx')
      .on(table.expiresAt)
      .where(sql`${table.expiresAt} is not null`),
    check('api_keys_status_check', sql`${table.status} in ('active', 'revoked')`),
    check(
      'api_keys_previous_key_check',
      sql`(${table.previousKeyHash} is null) = (${table.previousKeyExpiresAt} is null) and (${table.previousKeyHash} is null) = (${table.previousKeyPrefix} is null)`,
    ),
  ],
);

/** Requests per key, UTC day, method and route pattern (upserted on every key-authenticated response). */
export const apiKeyRequests = pgTable(
  'api_key_requests',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    requests: integer('requests').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.day, table.method, table.route] })],
);

/** Job events to POST to a key's webhook URL, with their retry state. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').notNull(),
    /** Lumen-Event-Id; one event per job and type. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The exact body that is signed and sent. */
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_unique').on(table.eventId),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    check('webhook_deliveries_status_check', sql`${table.status} in ('pending', 'delivered', 'failed')`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
