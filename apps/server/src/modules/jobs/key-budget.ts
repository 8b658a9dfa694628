import { sql } from 'drizzle-orm';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { monthStart } from '../api-keys/index.ts';
import { keyChainIds } from '../api-keys/index.ts';
import { creditsByKey, creditsOfGrant } from './key-spending.repository.ts';
import { lockApiKey } from '../api-keys/index.ts';

/**
 * What a job submitted with a key must respect: an API key's, or an MCP OAuth grant's (`kind: 'oauth_grant'`, whose
 * id is the grant's) scopes and monthly cap.
 */
export type JobApiKey = {
  id: string;
  allowedServices: ServiceKey[] | null;
  monthlyCreditCap: number | null;
  kind?: 'api_key' | 'oauth_grant';
};

export function checkServiceAllowed(key: JobApiKey | null | undefined, service: ServiceKey): void {
  if (key?.allowedServices && !key.allowedServices.includes(service)) {
    throw new AppError('FORBIDDEN', 403, apiKeyMessages.serviceNotAllowed, { meta: { service, allowedServices: key.allowedServices } });
  }
}

/**
 * Inside the job's transaction, after its charge of `cost`: locks the key row (parallel submissions with
 * the same key queue here) and refuses (402, rolling the charge back) when this calendar month's charges
 * of the key and the keys it replaced, net of refunds, now pass the cap. The refusal reports the month's
 * use without the refused job (`creditsUsedThisMonth`) and what it would have cost (`cost`).
 */
export async function enforceMonthlyCap(tx: Db, key: JobApiKey | null | undefined, now: Date, cost: number): Promise<void> {
  if (!key || key.monthlyCreditCap === null) return;
  if (key.kind === 'oauth_grant') return enforceGrantCap(tx, { id: key.id, monthlyCreditCap: key.monthlyCreditCap }, now, cost);
  await lockApiKey(tx, key.id);
  const chain = await keyChainIds(tx, key.id);
  const used = [...(await creditsByKey(tx, chain, monthStart(now))).values()].reduce((sum, credits) => sum + credits, 0);
  if (used > key.monthlyCreditCap) {
    throw new AppError('INSUFFICIENT_CREDITS', 402, apiKeyMessages.monthlyCapReached, {
      meta: { monthlyCreditCap: key.monthlyCreditCap, creditsUsedThisMonth: used - cost, cost },
    });
  }
}

/**
 * The same for an MCP OAuth grant: its row is locked (the table belongs to modules/mcp-oauth, which imports this
 * module, hence plain SQL here) and this month's charges of its jobs, net of refunds, must stay within the cap.
 */
async function enforceGrantCap(tx: Db, grant: { id: string; monthlyCreditCap: number }, now: Date, cost: number): Promise<void> {
  await tx.execute(sql`select id from oauth_grants where id = ${grant.id} for update`);
  const used = await creditsOfGrant(tx, grant.id, monthStart(now));
  if (used > grant.monthlyCreditCap) {
    throw new AppError('INSUFFICIENT_CREDITS', 402, apiKeyMessages.monthlyCapReached, {
      meta: { monthlyCreditCap: grant.monthlyCreditCap, creditsUsedThisMonth: used - cost, cost },
    });
  }
}
