import { randomUUID } from 'node:crypto';
import type { AdjustCreditsResult, AdminUserDetail, AdminUserList, UserPlan, UserSort, UserStatus } from '@lumen/core/admin/schemas';
import type { CreditHistory } from '@lumen/core/credits/schemas';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { PaginationQuery } from '@lumen/core/http/pagination';
import type { Role } from '@lumen/core/users/schemas';
import { suspensionMessages } from '@lumen/core/users/suspension';
import type { Suspension } from '@lumen/core/users/suspension';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { createCreditHistoryService } from '../credits/index.ts';
import { toLedgerEntryDto } from '../credits/index.ts';
import { findCreditAccount, findLedgerEntryById } from '../credits/index.ts';
import { adjustCredits } from '../credits/index.ts';
import { revokeSessions } from '../auth/index.ts';
import { lockUser, reactivateUser, setUserRole, suspendUser } from '../users/index.ts';
import { toUserDto } from '../users/index.ts';
import { findUserById } from '../users/index.ts';
import { findUserWithCredit } from '../credits/index.ts';
import { findUsersPage } from './admin-users.repository.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';

type AdminUsersQueryInput = {
  search?: string;
  role?: Role;
  status?: UserStatus;
  plan?: UserPlan;
  sort?: UserSort;
  limit: number;
  page: number;
};

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const OWN_ROLE_MESSAGE = 'You cannot change your own role';

const suspensionOf = (row: { suspendedAt: Date | null; suspendedReason: string | null }): Suspension => ({
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  suspendedReason: row.suspendedReason,
});

export function createAdminUsersService({ db }: { db: Db }) {
  const history = createCreditHistoryService({ db });

  async function assertUserExists(userId: string): Promise<void> {
    if (!(await findUserById(db, userId))) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
  }

  return {
    async list(query: AdminUsersQueryInput): Promise<AdminUserList> {
      const { rows, total } = await findUsersPage(db, query);
      return {
        items: rows.map(({ isPaid, ...row }) => ({
          ...row,
          plan: isPaid ? ('paid' as const) : ('free' as const),
          createdAt: row.createdAt.toISOString(),
        })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    async get(userId: string): Promise<AdminUserDetail> {
      const user = await findUserWithCredit(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
      const ledger = await history.getHistory(userId, { limit: DEFAULT_PAGE_SIZE, page: 1 });
      return { user: toUserDto(user), suspension: suspensionOf(user), ledger };
    },

    async getHistory(userId: string, query: PaginationQuery): Promise<CreditHistory> {
      await assertUserExists(userId);
      return history.getHistory(userId, query);
    },

    /**
     * A signed adjustment with its reason, as a ledger entry, audited in the same transaction.
     * With an idempotency key (scoped to the admin) a repeat returns the first result and changes nothing.
     */
    async adjustCredits(
      actor: AuditActor,
      userId: string,
      input: { amount: number; reason: string; idempotencyKey?: string },
    ): Promise<AdjustCreditsResult & { isReplay: boolean }> {
      await assertUserExists(userId);
      const key = `admin-adjustment:${actor.userId}:${input.idempotencyKey ?? randomUUID()}`;
      const result = await db.transaction(async (tx) => {
        const before = await findCreditAccount(tx, userId);
        const moved = await adjustCredits(tx, {
          userId,
          actorUserId: actor.userId,
          amount: input.amount,
          reason: input.reason,
          idempotencyKey: key,
        });
        if (!moved.isReplay) {
          await insertAuditEntry(tx, actor, {
            action: 'user.credit_adjustment',
            targetType: 'user',
            targetId: userId,
            before: { balance: before?.balance ?? 0 },
            after: { balance: moved.balanceAfter, amount: moved.amount, reason: input.reason, ledgerEntryId: moved.ledgerEntryId },
          });
        }
        return moved;
      });
      const entry = await findLedgerEntryById(db, result.ledgerEntryId);
      if (!entry) throw new Error('The adjustment ledger row vanished');
      return { entry: toLedgerEntryDto(entry), balance: result.balanceAfter, isReplay: result.isReplay };
    },

    /**
     * Suspends an account: it cannot sign in, and its sessions, refresh tokens and API keys stop at
     * once (sessions revoked here; every request also re-reads the suspension). Audited.
     */
    async suspend(actor: AuditActor, userId: string, reason: string): Promise<Suspension & { revokedSessions: number }> {
      if (actor.userId === userId) throw new AppError('FORBIDDEN', 403, suspensionMessages.notYourself);
      return db.transaction(async (tx) => {
        const row = await lockUser(tx, userId);
        if (!row) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
        if (row.suspendedAt) throw new AppError('CONFLICT', 409, suspensionMessages.alreadySuspended);
        const updated = await suspendUser(tx, userId, reason);
        if (!updated) throw new Error('The suspended user vanished');
        const revoked = await revokeSessions(tx, userId);
        await insertAuditEntry(tx, actor, {
          action: 'user.suspend',
          targetType: 'user',
          targetId: userId,
          before: suspensionOf(row),
          after: { ...suspensionOf(updated), revokedSessions: revoked.length },
        });
        return { ...suspensionOf(updated), revokedSessions: revoked.length };
      });
    },

    /** Lifts a suspension; the person signs in again (old sessions stay revoked). Audited. */
    async reactivate(actor: AuditActor, userId: string): Promise<Suspension> {
      return db.transaction(async (tx) => {
        const row = await lockUser(tx, userId);
        if (!row) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
        if (!row.suspendedAt) throw new AppError('CONFLICT', 409, suspensionMessages.notSuspended);
        await reactivateUser(tx, userId);
        await insertAuditEntry(tx, actor, {
          action: 'user.reactivate',
          targetType: 'user',
          targetId: userId,
          before: suspensionOf(row),
          after: { suspendedAt: null, suspendedReason: null },
        });
        return { suspendedAt: null, suspendedReason: null };
      });
    },

    /**
     * Makes a user an ADMIN or a USER (never the acting admin themselves) and revokes their sessions, so no token
     * signed with the old role outlives the change (every request also reads the role from the database). Audited.
     */
    async changeRole(actor: AuditActor, userId: string, role: Role): Promise<{ role: Role }> {
      if (actor.userId === userId) throw new AppError('FORBIDDEN', 403, OWN_ROLE_MESSAGE);
      return db.transaction(async (tx) => {
        const row = await lockUser(tx, userId);
        if (!row) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
        if (row.role === role) return { role };
        await setUserRole(tx, userId, role);
        const revoked = await revokeSessions(tx, userId);
        await insertAuditEntry(tx, actor, {
          action: 'user.role_change',
          targetType: 'user',
          targetId: userId,
          before: { role: row.role },
          after: { role, revokedSessions: revoked.length },
        });
        return { role };
      });
    },
  };
}
