import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerEntryKinds } from '@lumen/core/credits/schemas';
import type { LedgerEntryKind } from '@lumen/core/credits/schemas';
import { users } from '../users/tables.ts';

export const ledgerKinds = ledgerEntryKinds;
export type LedgerKind = LedgerEntryKind;

/** The balance lives here and is changed only together with a ledger row (decision 004). */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    spent: integer('spent').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_accounts_balance_check', sql`${table.balance} >= 0`),
    check('credit_accounts_spent_check', sql`${table.spent} >= 0`),
  ],
);

/** Append-only: one row per change of a balance, with a unique idempotency key. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: rows of one transaction share created_at. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    reason: text('reason'),
    /** Charges and refunds: the service used and its cost per use at the time (a snapshot). */
    serviceKey: text('service_key'),
    unitCost: integer('unit_cost'),
    /** Admin adjustments: who made them. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_created_idx').on(table.userId, table.createdAt),
    index('credit_ledger_user_seq_idx').on(table.userId, table.seq),
    check('credit_ledger_balance_after_check', sql`${table.balanceAfter} >= 0`),
    check('credit_ledger_kind_check', sql.raw(`kind in (${ledgerKinds.map((kind) => `'${kind}'`).join(', ')})`)),
  ],
);

export const serviceCosts = pgTable(
  'service_costs',
  {
    serviceKey: text('service_key').primaryKey(),
    cost: integer('cost').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('service_costs_cost_check', sql`${table.cost} >= 0`)],
);

/** One-time credit packages; money in integer cents. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    creditsAmount: integer('credits_amount').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Packages are never hard-deleted (orders reference them): archived ones leave every list. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_packages_price_check', sql`${table.priceCents} > 0`),
    check('credit_packages_credits_check', sql`${table.creditsAmount} > 0`),
  ],
);

export type CreditLedgerRow = typeof creditLedger.$inferSelect;
export type CreditPackageRow = typeof creditPackages.$inferSelect;
export type ServiceCostRow = typeof serviceCosts.$inferSelect;
