import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { DELETED_FIRST_NAME, DELETED_LAST_NAME, deletedEmailFor } from '@lumen/core/users/account-data';
import type { Db } from '../../db/database.ts';
import { apiKeys, webhookDeliveries } from '../api-keys/index.ts';
import { deleteGrantsOfUser } from '../mcp-oauth/index.ts';
import { revokeSessions } from '../auth/index.ts';
import { oneTimeCodes, refreshTokens, securityEvents, userIdentities } from '../auth/index.ts';
import { communityPosts } from '../community/index.ts';
import { contactMessages, supportConversations } from '../contact/index.ts';
import { jobOutputs, jobs, uploads } from '../jobs/index.ts';
import { mailOutbox } from '../mail/index.ts';
import { newsletterSubscribers } from '../newsletter/index.ts';
import { autoTopUpSettings, autoTopUps, lowBalanceAlerts, paymentMethods, subscriptions } from '../payments/index.ts';
import { users } from '../users/index.ts';

/** Other admins who can still sign in (a suspended admin cannot run the platform). */
export async function countOtherActiveAdmins(db: Db, userId: string): Promise<number> {
  // Locks every admin row: two admins deleting themselves at once cannot both pass.
  const rows = await db.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(eq(users.role, 'ADMIN')).for('update');
  return rows.filter((row) => row.id !== userId && row.suspendedAt === null).length;
}

export async function hasRunningSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Storage keys of the person's uploads and results, to remove once the erasure has committed. */
export async function storedFileKeys(db: Db, userId: string): Promise<string[]> {
  const uploadRows = await db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.userId, userId));
  const outputRows = await db
    .select({ key: jobOutputs.storageKey, preview: jobOutputs.previewStorageKey })
    .from(jobOutputs)
    .innerJoin(jobs, eq(jobs.id, jobOutputs.jobId))
    .where(eq(jobs.userId, userId));
  return [...uploadRows.map((row) => row.key), ...outputRows.flatMap((row) => (row.preview ? [row.key, row.preview] : [row.key]))];
}

/**
 * Erases a person inside the caller's transaction. The users row stays as an anonymised tombstone
 * because the credit ledger, orders, refunds and the audit log reference it (accounting keeps them).
 */
export async function eraseUser(db: Db, user: { id: string; email: string }): Promise<void> {
  const email = user.email.toLowerCase();
  await revokeSessions(db, user.id);
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, user.id), sql`${refreshTokens.revokedAt} is null`));
  const keys = await db
    .update(apiKeys)
    .set({
      status: 'revoked',
      revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`,
      webhookUrl: null,
      webhookSecretEncrypted: null,
      lastUsedIp: null,
    })
    .where(eq(apiKeys.userId, user.id))
    .returning({ id: apiKeys.id });
  if (keys.length > 0)
    await db.delete(webhookDeliveries).where(
      inArray(
        webhookDeliveries.keyId,
        keys.map((key) => key.id),
      ),
    );

  await deleteGrantsOfUser(db, user.id);

  // Posts first (they reference outputs), then jobs (outputs cascade) and uploads.
  await db.delete(communityPosts).where(eq(communityPosts.userId, user.id));
  await db.delete(jobs).where(eq(jobs.userId, user.id));
  await db.delete(uploads).where(eq(uploads.userId, user.id));

  await db.delete(userIdentities).where(eq(userIdentities.userId, user.id));
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
  await db.delete(paymentMethods).where(eq(paymentMethods.userId, user.id));
  await db.delete(autoTopUpSettings).where(eq(autoTopUpSettings.userId, user.id));
  await db.delete(autoTopUps).where(eq(autoTopUps.userId, user.id));
  await db.delete(lowBalanceAlerts).where(eq(lowBalanceAlerts.userId, user.id));
  await db.delete(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, email));
  await db.delete(contactMessages).where(or(eq(contactMessages.senderUserId, user.id), eq(sql`lower(${contactMessages.email})`, email)));
  // The support chat goes with its conversation (its messages cascade).
  await db.delete(supportConversations).where(eq(supportConversations.userId, user.id));
  await db.delete(securityEvents).where(eq(securityEvents.userId, user.id));
  // Mail goes to the address as stored; matching it exactly keeps to the (to, created_at) index.
  await db.delete(mailOutbox).where(inArray(mailOutbox.to, [...new Set([user.email, email])]));

  await db
    .update(users)
    .set({
      firstName: DELETED_FIRST_NAME,
      lastName: DELETED_LAST_NAME,
      email: deletedEmailFor(user.id),
      passwordHash: null,
      profileImage: null,
      role: 'USER',
      emailVerifiedAt: null,
      // Nothing can sign in as the tombstone, whatever else changes later.
      suspendedAt: sql`now()`,
      suspendedReason: 'Account deleted by its owner',
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, user.id), ne(users.email, deletedEmailFor(user.id))));
  await db.insert(securityEvents).values({ userId: user.id, type: 'account_deleted', ip: null, userAgent: null });
}
