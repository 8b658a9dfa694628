import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { providerNames } from '@lumen/core/services/providers';
import { jobs } from '../jobs/tables.ts';

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * Every call a job made to a hosted provider, including the ones a fallback moved past: the admin's
 * success rate and latency per provider are counted from these.
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    service: text('service').notNull(),
    provider: text('provider', { enum: providerNames }).notNull(),
    model: text('model').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /** A failure another try may not repeat (timeouts, rate limits, 5xx), as opposed to a refused input. */
    transient: boolean('transient').notNull().default(false),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('provider_calls_created_idx').on(table.createdAt),
    check('provider_calls_provider_check', inList('provider', providerNames)),
  ],
);

export const providerRequestStates = ['live', 'succeeded', 'failed', 'cancelled'] as const;

/**
 * Every request a hosted provider accepted for a job, kept for good (the job row holds only the one a run
 * resumes): who holds it, its state, whether we asked to cancel it (once: the first to set
 * `cancel_requested_at` sends the cancel), and what it cost.
 */
export const providerRequests = pgTable(
  'provider_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: providerNames }).notNull(),
    model: text('model').notNull(),
    requestId: text('request_id').notNull(),
    /** live until it ends: succeeded (its result was taken), failed or cancelled (by the provider, or at our request). */
    state: text('state', { enum: providerRequestStates }).notNull().default('live'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** What the provider charges for it, in millionths of a US dollar; null while unknown. */
    costMicroUsd: integer('cost_micro_usd'),
  },
  (table) => [
    uniqueIndex('provider_requests_provider_request_idx').on(table.provider, table.requestId),
    index('provider_requests_job_idx').on(table.jobId),
    check('provider_requests_provider_check', inList('provider', providerNames)),
    check('provider_requests_state_check', inList('state', providerRequestStates)),
  ],
);

/**
 * The hosted providers' budget of one UTC day: scope '*' is the day's total, any other scope one provider. A run
 * reserves its expected cost here before it is sent (budget.ts) and settles it to the real cost when its
 * request ends; a reservation that would take spent + reserved past the budget is refused.
 */
export const providerBudgetDays = pgTable(
  'provider_budget_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope').notNull(),
    reservedMicroUsd: bigint('reserved_micro_usd', { mode: 'number' }).notNull().default(0),
    spentMicroUsd: bigint('spent_micro_usd', { mode: 'number' }).notNull().default(0),
    /** The highest threshold (80 or 100 per cent) already mailed to the admins for this day and scope. */
    alertedPercent: smallint('alerted_percent').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.scope] }),
    check('provider_budget_days_amounts_check', sql`${table.reservedMicroUsd} >= 0 and ${table.spentMicroUsd} >= 0`),
  ],
);

export const providerBudgetHoldStates = ['reserved', 'settled', 'released'] as const;

/** One run's reservation on the day's budget: settled once to what its request cost, or released if nothing was sent. */
export const providerBudgetHolds = pgTable(
  'provider_budget_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: providerNames }).notNull(),
    model: text('model').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reservedMicroUsd: bigint('reserved_micro_usd', { mode: 'number' }).notNull(),
    /** The request the provider accepted under this hold, once it did. */
    requestId: text('request_id'),
    state: text('state', { enum: providerBudgetHoldStates }).notNull().default('reserved'),
    spentMicroUsd: bigint('spent_micro_usd', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('provider_budget_holds_open_job_idx')
      .on(table.jobId)
      .where(sql`${table.state} = 'reserved'`),
    uniqueIndex('provider_budget_holds_request_idx').on(table.provider, table.requestId),
    check('provider_budget_holds_state_check', inList('state', providerBudgetHoldStates)),
  ],
);

/** Circuit breakers shared by every process on the database (used when REDIS_URL is not set). */
export const providerCircuits = pgTable('provider_circuits', {
  /** The breaker's key: the provider id, behind a prefix (tests use their own). */
  key: text('key').primaryKey(),
  /** Transient failures in a row. */
  failures: integer('failures').notNull().default(0),
  openUntil: timestamp('open_until', { withTimezone: true }),
  /** While open past openUntil, the one trial call let through holds the circuit until then. */
  trialUntil: timestamp('trial_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
});
