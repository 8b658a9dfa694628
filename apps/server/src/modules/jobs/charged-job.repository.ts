import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditAccounts, creditLedger, serviceCosts } from '../credits/index.ts';
import { jobs } from './tables.ts';
import type { JobFileRef, JobRow } from './tables.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { namedStatement } from '../../db/named-statement.ts';

export type ChargedJob = {
  id: string;
  userId: string;
  service: string;
  params: Record<string, unknown>;
  files: Record<string, JobFileRef>;
  engineKind: string;
  engineLabel: string;
  idempotencyKey: string | null;
  /** The route and request the key was sent with (idempotency-fingerprint.ts); null without a key. */
  idempotencyFingerprint: string | null;
  apiKeyId: string | null;
  /** The MCP OAuth grant whose token submitted it (its monthly cap counts these jobs). */
  oauthGrantId: string | null;
  /** The charge's ledger row: its idempotency key and reason. */
  charge: { idempotencyKey: string; reason: string };
};

const jobColumns = Object.entries(getTableColumns(jobs));

/** Turns a row of `returning *` (driver values under column names) into the row drizzle's own queries return. */
function jobRowOf(raw: Record<string, unknown>): JobRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of jobColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as JobRow;
}

const value = (key: keyof ChargedJobValues) => sql.placeholder(key);

type ChargedJobValues = {
  jobId: string;
  userId: string;
  service: string;
  params: string;
  files: string;
  engineKind: string;
  engineLabel: string;
  idempotencyKey: string | null;
  idempotencyFingerprint: string | null;
  apiKeyId: string | null;
  oauthGrantId: string | null;
  chargeKey: string;
  chargeReason: string;
};

/** The submission statement; `paidOnly` leaves free services uncharged (see insertChargedJob). */
const chargedJobStatement = (paidOnly: boolean) => sql`
    with price as (
      select ${serviceCosts.cost} as cost, set_config('lumen.balance_notice', 'sent', true) as balance_notice from ${serviceCosts}
      where ${serviceCosts.serviceKey} = ${value('service')}::text ${paidOnly ? sql`and ${serviceCosts.cost} > 0` : sql``}
    ), charged as (
      update ${creditAccounts}
      set balance = ${creditAccounts.balance} - price.cost, spent = ${creditAccounts.spent} + price.cost, updated_at = now()
      from price
      where ${creditAccounts.userId} = ${value('userId')}::uuid and ${creditAccounts.balance} >= price.cost and price.balance_notice = 'sent'
      returning ${creditAccounts.balance} as balance, price.cost as cost
    ), ledger as (
      insert into ${creditLedger} (user_id, amount, balance_after, kind, idempotency_key, reason, service_key, unit_cost)
      select ${value('userId')}::uuid, 0 - charged.cost, charged.balance, 'job_charge', ${value('chargeKey')}::text, ${value('chargeReason')}::text,
        ${value('service')}::text, charged.cost
      from charged
      returning id, unit_cost
    )
    insert into ${jobs} (id, user_id, service, params, files, cost, charge_ledger_id, engine_kind, engine_label, idempotency_key,
      idempotency_fingerprint, api_key_id, oauth_grant_id)
    select ${value('jobId')}::uuid, ${value('userId')}::uuid, ${value('service')}::text, ${value('params')}::jsonb, ${value('files')}::jsonb,
      ledger.unit_cost, ledger.id, ${value('engineKind')}::text, ${value('engineLabel')}::text, ${value('idempotencyKey')}::text,
      ${value('idempotencyFingerprint')}::text, ${value('apiKeyId')}::uuid, ${value('oauthGrantId')}::uuid
    from ledger
    returning *
  `;

const insertPaidJob = namedStatement('insert_charged_job_paid_only', chargedJobStatement(true));
const insertAnyJob = namedStatement('insert_charged_job', chargedJobStatement(false));

/**
 * Submits a job in one statement: reads the service's cost, takes it from the balance only if the balance covers it
 * (the conditional update locks the account row for this statement alone), appends the charge to the ledger and
 * inserts the job linked to it. It is the same move of credits as moveCredits (a conditional update that cannot go
 * below zero plus a ledger row with a unique key), written as one statement so a submission is one round trip.
 * Returns null, having changed nothing, when the balance does not cover the cost, or, with `paidOnly`, when the service
 * costs nothing (free runs are counted in a transaction, see the jobs service). A second job with the same
 * Idempotency-Key fails on the jobs' unique index and the whole statement, charge included, is undone. A named
 * prepared statement (db/named-statement.ts): parsed and planned once per connection, its text built once.
 * The statement does not announce the balance change itself (lumen.balance_notice, migration 0016): once it has
 * committed, the caller publishes `balances:<user id>` on the change feed.
 */
export async function insertChargedJob(db: Db, job: ChargedJob, options: { paidOnly: boolean }): Promise<JobRow | null> {
  const values: ChargedJobValues = {
    jobId: job.id,
    userId: job.userId,
    service: job.service,
    params: JSON.stringify(job.params),
    files: JSON.stringify(job.files),
    engineKind: job.engineKind,
    engineLabel: job.engineLabel,
    idempotencyKey: job.idempotencyKey,
    idempotencyFingerprint: job.idempotencyFingerprint,
    apiKeyId: job.apiKeyId,
    oauthGrantId: job.oauthGrantId,
    chargeKey: job.charge.idempotencyKey,
    chargeReason: job.charge.reason,
  };
  const [raw] = await (options.paidOnly ? insertPaidJob : insertAnyJob)(db, values);
  return raw ? jobRowOf(raw) : null;
}

/** Why a submission charged nothing: the service's cost (null when unknown) and the balance (null without an account). */
export async function findCostAndBalance(
  db: Db,
  input: { userId: string; service: string },
): Promise<{ cost: number | null; balance: number | null }> {
  const result = await db.execute(sql`
    select
      (select ${serviceCosts.cost} from ${serviceCosts} where ${serviceCosts.serviceKey} = ${input.service}::text) as cost,
      (select ${creditAccounts.balance} from ${creditAccounts} where ${creditAccounts.userId} = ${input.userId}::uuid) as balance
  `);
  const [row] = rowsOf(result);
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { cost: numberOrNull(row?.cost), balance: numberOrNull(row?.balance) };
}
