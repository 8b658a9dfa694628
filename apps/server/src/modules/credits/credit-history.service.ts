import { transactionKinds, usageKinds } from '@lumen/core/credits/schemas';
import type { CreditHistory, TransactionHistory, UsageHistory } from '@lumen/core/credits/schemas';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { PaginationQuery } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { toLedgerEntryDto } from './credits.dto.ts';
import { findCreditAccount, findLedgerPage, sumLedgerBySign, sumUsageByService } from './credits.repository.ts';
import type { LedgerKind } from './tables.ts';
import type { BalanceCache } from './balance-cache.ts';

export type ServiceUsageTotals = Map<string, { creditsSpent: number; uses: number }>;

/** Net credits spent and uses (charges not refunded) per service, from the ledger. */
export async function usageByService(db: Db, userId: string): Promise<{ spent: number; refunded: number; byService: ServiceUsageTotals }> {
  const rows = await sumUsageByService(db, userId);
  const byService: ServiceUsageTotals = new Map();
  let spent = 0;
  let refunded = 0;
  for (const row of rows) {
    const key = row.serviceKey ?? 'unknown';
    const current = byService.get(key) ?? { creditsSpent: 0, uses: 0 };
    if (row.kind === 'job_charge') {
      spent += -row.total;
      current.creditsSpent += -row.total;
      current.uses += row.entries;
    } else {
      refunded += row.total;
      current.creditsSpent -= row.total;
      current.uses -= row.entries;
    }
    byService.set(key, current);
  }
  return { spent, refunded, byService };
}

/** Balances and ledger pages of one user (the caller decides who may read whose). */
export function createCreditHistoryService({ db, balances }: { db: Db; balances?: BalanceCache }) {
  async function ledgerPage(userId: string, query: PaginationQuery, kinds?: readonly LedgerKind[]): Promise<CreditHistory> {
    const { rows, total } = await findLedgerPage(db, { userId, kinds, limit: query.limit, page: query.page });
    return {
      items: rows.map(toLedgerEntryDto),
      page: query.page,
      limit: query.limit,
      total,
      totalPages: totalPagesFor(total, query.limit),
    };
  }

  return {
    async getAccount(userId: string): Promise<{ balance: number; spent: number }> {
      const account = balances ? await balances.find(db, userId) : await findCreditAccount(db, userId);
      if (!account) throw new AppError('NOT_FOUND', 404, 'No credit account for this user');
      return account;
    },

    getHistory: (userId: string, query: PaginationQuery) => ledgerPage(userId, query),

    async getTransactionHistory(userId: string, query: PaginationQuery): Promise<TransactionHistory> {
      const [page, sums] = await Promise.all([ledgerPage(userId, query, transactionKinds), sumLedgerBySign(db, userId, transactionKinds)]);
      return { ...page, totals: { creditsAdded: sums.added, creditsRemoved: sums.removed } };
    },

    async getUsageHistory(userId: string, query: PaginationQuery): Promise<UsageHistory> {
      const [page, usage] = await Promise.all([ledgerPage(userId, query, usageKinds), usageByService(db, userId)]);
      const byService = Object.fromEntries([...usage.byService].map(([key, value]) => [key, value.creditsSpent]));
      return { ...page, totals: { creditsSpent: usage.spent, creditsRefunded: usage.refunded, byService } };
    },
  };
}

export type CreditHistoryService = ReturnType<typeof createCreditHistoryService>;
