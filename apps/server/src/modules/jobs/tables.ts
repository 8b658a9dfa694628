import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jobStatuses, outputKinds, uploadPurposes } from '@lumen/core/jobs/schemas';
import { providerNames } from '@lumen/core/services/providers';
import { creditLedger } from '../credits/tables.ts';
import { users } from '../users/tables.ts';

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/** Files people upload for jobs (images, transcripts); the bytes live in storage under storage_key. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: uploadPurposes }).notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    /** Idempotency-Key of the upload request, unique per user. */
    idempotencyKey: text('idempotency_key'),
    /** What the key is bound to: a SHA-256 of the purpose, file name and bytes (`uploadFingerprint`). */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('uploads_user_idempotency_idx').on(table.userId, table.idempotencyKey),
    check('uploads_purpose_check', inList('purpose', uploadPurposes)),
  ],
);

/** Where each input file of a job comes from: an upload or the admin's try-on catalogue. */
export type JobFileRef = { source: 'upload' | 'try-on-model' | 'try-on-garment'; id: string };

/** One use of a service: charged on insert, run by the worker, refunded once if it fails for good. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    files: jsonb('files').$type<Record<string, JobFileRef>>().notNull(),
    /** Credits charged (a snapshot of the service cost). */
    cost: integer('cost').notNull(),
    chargeLedgerId: uuid('charge_ledger_id').references(() => creditLedger.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    engineKind: text('engine_kind').notNull(),
    engineLabel: text('engine_label').notNull(),
    /** Message for the user when the job failed. */
    error: text('error'),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** What the Idempotency-Key was sent with: a hash of the route and the request (idempotency-fingerprint.ts). */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The API key that submitted it (its usage and monthly cap count these jobs). */
    apiKeyId: uuid('api_key_id'),
    /** The MCP OAuth grant whose token submitted it (its monthly cap counts these jobs; modules/mcp-oauth). */
    oauthGrantId: uuid('oauth_grant_id'),
    /** Not claimed before this time (retry backoff). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** Which worker holds the job while it runs. */
    workerId: text('worker_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The hosted provider's id (`providerNames`, never a display name) and model that ran the job (null on a built-in engine). */
    provider: text('provider', { enum: providerNames }),
    providerModel: text('provider_model'),
    /**
     * The provider's id of the request, stored before the worker waits on it: a restarted worker or a
     * retry resumes this request instead of submitting (and paying for) a second one.
     */
    providerRequestId: text('provider_request_id'),
    providerSubmittedAt: timestamp('provider_submitted_at', { withTimezone: true }),
    /**
     * When the provider's webhook said the request ended while a worker still held the job: the worker
     * then queues the job again at once instead of leaving it at the provider.
     */
    providerNotifiedAt: timestamp('provider_notified_at', { withTimezone: true }),
    /** From submission to the provider's answer. */
    providerTimeMs: integer('provider_time_ms'),
    /** What the provider charges for the run, in millionths of a US dollar (its published price). */
    providerCostMicroUsd: integer('provider_cost_micro_usd'),
  },
  (table) => [
    index('jobs_user_created_idx').on(table.userId, table.createdAt),
    index('jobs_status_run_after_idx').on(table.status, table.runAfter),
    index('jobs_created_idx').on(table.createdAt),
    uniqueIndex('jobs_user_idempotency_idx').on(table.userId, table.idempotencyKey),
    index('jobs_api_key_created_idx').on(table.apiKeyId, table.createdAt),
    index('jobs_oauth_grant_created_idx')
      .on(table.oauthGrantId, table.createdAt)
      .where(sql`${table.oauthGrantId} is not null`),
    index('jobs_provider_finished_idx').on(table.provider, table.finishedAt),
    index('jobs_provider_request_idx')
      .on(table.provider, table.providerRequestId)
      .where(sql`${table.providerRequestId} is not null`),
    check('jobs_status_check', inList('status', jobStatuses)),
    check('jobs_progress_check', sql`${table.progress} >= 0 and ${table.progress} <= 1`),
    check('jobs_provider_check', inList('provider', providerNames)),
  ],
);

/** Result files of a job: the original and an optional preview, both in storage. */
export const jobOutputs = pgTable(
  'job_outputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: outputKinds }).notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    previewStorageKey: text('preview_storage_key'),
    previewContentType: text('preview_content_type'),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('job_outputs_job_idx').on(table.jobId, table.position), check('job_outputs_kind_check', inList('kind', outputKinds))],
);

export type UploadRow = typeof uploads.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type JobOutputRow = typeof jobOutputs.$inferSelect;
