import type { ConnectedApp } from '@lumen/core/mcp-oauth/schemas';
import { connectedAppMessages } from '@lumen/core/mcp-oauth/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { monthStart } from '../api-keys/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { keySpending } from '../jobs/index.ts';
import { findGrantsOfUser, revokeGrant } from './grants.repository.ts';

/** The assistants a user let in (API management's "Connected apps"): listed with this month's spending, revocable. */
export function createConnectedAppsService(deps: { db: Db; clock: () => Date }) {
  const { db } = deps;
  return {
    async list(userId: string): Promise<ConnectedApp[]> {
      const grants = await findGrantsOfUser(db, userId);
      const since = monthStart(deps.clock());
      return Promise.all(
        grants.map(async (grant) => ({
          id: grant.id,
          clientName: grant.clientName,
          clientUri: grant.clientUri,
          allowedServices: grant.allowedServices,
          monthlyCreditCap: grant.monthlyCreditCap,
          creditsUsedThisMonth: await keySpending.creditsOfGrant(db, grant.id, since),
          createdAt: grant.createdAt.toISOString(),
          lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
        })),
      );
    },

    /** Ends the grant and every token of it at once (the next /mcp call is a 401); audited like a key's revocation. */
    async revoke(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [grant] = (await findGrantsOfUser(tx, actor.userId)).filter((row) => row.id === id);
        if (!grant || !(await revokeGrant(tx, id, 'user', actor.userId)))
          throw new AppError('NOT_FOUND', 404, connectedAppMessages.notFound);
        await insertAuditEntry(tx, actor, {
          action: 'oauth_grant.revoke',
          targetType: 'oauth_grant',
          targetId: id,
          before: { client: grant.clientName, allowedServices: grant.allowedServices, monthlyCreditCap: grant.monthlyCreditCap },
          after: { revoked: true },
        });
      });
    },
  };
}
