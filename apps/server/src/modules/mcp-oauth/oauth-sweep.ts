import { and, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oauthAuthorizations, oauthTokens } from './tables.ts';

/** Kept a day past their end, so a late second use of a code is still recognised (and revokes its grant). */
const KEEP_MS = 24 * 60 * 60_000;

/**
 * Deletes consent requests (and their spent codes) a day after they expired, and tokens a day after they expired;
 * grants stay until revoked, their clients with them. Returns how many rows went.
 */
export async function deleteEndedOAuthRows(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - KEEP_MS);
  const requests = await db
    .delete(oauthAuthorizations)
    .where(
      and(
        lt(oauthAuthorizations.expiresAt, before),
        or(isNull(oauthAuthorizations.codeExpiresAt), lt(oauthAuthorizations.codeExpiresAt, before)),
      ),
    )
    .returning({ id: oauthAuthorizations.id });
  const tokens = await db
    .delete(oauthTokens)
    .where(lt(oauthTokens.expiresAt, sql`${before}::timestamptz`))
    .returning({ id: oauthTokens.id });
  return requests.length + tokens.length;
}
