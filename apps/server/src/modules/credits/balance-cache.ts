import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import { findCreditAccount } from './credits.repository.ts';

export type CreditAccountFigures = { balance: number; spent: number };

/** The notice of a balance change (migration 0016), and the topic the job submission publishes after its commit. */
export const BALANCE_NOTICE_TOPIC = 'balances';
/** A balance is kept at most this long, even if a notice were lost without the feed noticing (a process killed between a submission's commit and its notice). */
export const BALANCE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * The balance read on every GET /credits/balance, kept in memory while the database's change feed is live and dropped
 * the moment the feed says that account's balance changed in any process (`balances:<user id>`, migration 0016; this
 * process's own submissions drop it at once). A read that a notice about its account overtook is returned but not
 * kept. Requests for one account while its read is under way share that read. An account that does not exist is not
 * kept. Without a live feed every request reads.
 */
export function createBalanceCache(feed: ChangeFeed, clock: () => number = Date.now) {
  const entries = new Map<string, { figures: CreditAccountFigures; expiresAt: number }>();
  /** The read under way per account, shared by the requests that come meanwhile; a notice about the account marks it stale: not kept, not shared. */
  const reading = new Map<string, { figures: Promise<CreditAccountFigures | null>; stale: boolean }>();
  feed.subscribe({
    onNotice: (notice) => {
      if (notice.topic !== BALANCE_NOTICE_TOPIC) return;
      entries.delete(notice.key);
      const read = reading.get(notice.key);
      if (read) read.stale = true;
    },
    onReset: () => {
      entries.clear();
      for (const read of reading.values()) read.stale = true;
    },
  });

  return {
    async find(db: Db, userId: string): Promise<CreditAccountFigures | null> {
      if (!feed.isLive()) return findCreditAccount(db, userId);
      const kept = entries.get(userId);
      if (kept && kept.expiresAt > clock()) return kept.figures;
      const underWay = reading.get(userId);
      if (underWay && !underWay.stale) return underWay.figures;
      const read = { figures: findCreditAccount(db, userId), stale: false };
      reading.set(userId, read);
      try {
        const figures = await read.figures;
        if (figures && !read.stale && feed.isLive()) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(userId, { figures, expiresAt: clock() + BALANCE_TTL_MS });
        }
        return figures;
      } finally {
        if (reading.get(userId) === read) reading.delete(userId);
      }
    },
  };
}

export type BalanceCache = ReturnType<typeof createBalanceCache>;
