import { randomUUID } from 'node:crypto';
import type { AdjustCreditsResult, AdminUserDetail, AdminUserList } from '@lumen/core/admin/schemas';
import type { CreditHistory } from '@lumen/core/credits/schemas';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { PaginationQuery } from '@lumen/core/http/pagination';
import type { Role } from '@lumen/core/users/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { createCreditHistoryService } from '../credits/credit-history.service.ts';
import { toLedgerEntryDto } from '../credits/credits-dto.ts';
import { findCreditAccount, findLedgerEntryById } from '../credits/credits.repository.ts';
import { adjustCredits } from '../credits/credits.service.ts';
import { toUserDto } from '../users/user-dto.ts';
import { findUserById, findUserWithCredit } from '../users/users.repository.ts';
import { findUsersPage } from './admin-users.repository.ts';
import { insertAuditEntry } from './audit.repository.ts';
import type { AuditActor } from './audit.repository.ts';

export const USER_NOT_FOUND_MESSAGE = 'User not found';

export function createAdminUsersService({ db }: { db: Db }) {
  const history = createCreditHistoryService({ db });

  async function assertUserExists(userId: string): Promise<void> {
    if (!(await findUserById(db, userId))) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
  }

  return {
    async list(query: { search?: string; role?: Role; limit: number; page: number }): Promise<AdminUserList> {
      const { rows, total } = await findUsersPage(db, query);
      return {
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
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
      return { user: toUserDto(user), ledger };
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
  };
}
