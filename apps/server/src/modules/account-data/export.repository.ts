import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { apiKeyRequests, apiKeys } from '../api-keys/index.ts';
import { findGrantsOfUser } from '../mcp-oauth/index.ts';
import { authSessions, securityEvents, userIdentities } from '../auth/index.ts';
import { communityLikes, communityPosts } from '../community/index.ts';
import { contactMessages, supportMessages } from '../contact/index.ts';
import { creditAccounts, creditLedger } from '../credits/index.ts';
import { jobOutputs, jobs, uploads } from '../jobs/index.ts';
import { newsletterSubscribers } from '../newsletter/index.ts';
import {
  autoTopUpSettings,
  autoTopUps,
  cryptoPayments,
  lowBalanceAlerts,
  orders,
  paymentMethods,
  refundRequests,
  refunds,
  subscriptions,
} from '../payments/index.ts';
import { users } from '../users/index.ts';

/** The rows of `table` matching `where`, with only the `names` columns, keyed in that order; sorted by `orderBy` when given. */
async function readColumns<TTable extends PgTable, TName extends keyof TTable['$inferSelect'] & string>(
  db: Db,
  table: TTable,
  names: readonly TName[],
  where: SQL | undefined,
  orderBy?: PgColumn,
): Promise<Pick<TTable['$inferSelect'], TName>[]> {
  const columns = getTableColumns(table);
  const query = db
    .select(Object.fromEntries(names.map((name) => [name, columns[name]!])))
    .from(table as PgTable)
    .where(where);
  return (orderBy ? await query.orderBy(asc(orderBy)) : await query) as Pick<TTable['$inferSelect'], TName>[];
}

/**
 * Everything stored about one person, read for their archive. Secrets never leave here: no password
 * hash, no refresh tokens, no API key hashes or webhook secrets, no one-time codes.
 */
export async function readPersonalData(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      role: users.role,
      profileImage: users.profileImage,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;

  const identities = await db
    .select({ provider: userIdentities.provider, email: userIdentities.email, linkedAt: userIdentities.createdAt })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  const [account] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  const ledgerColumns = ['id', 'amount', 'balanceAfter', 'kind', 'reason', 'serviceKey', 'unitCost', 'createdAt'] as const;
  const ledger = await readColumns(db, creditLedger, ledgerColumns, eq(creditLedger.userId, userId), creditLedger.seq);

  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((row) => row.id);
  const cryptoRows = orderIds.length ? await db.select().from(cryptoPayments).where(inArray(cryptoPayments.orderId, orderIds)) : [];
  const refundColumns = ['id', 'orderId', 'amountCents', 'creditsReversed', 'method', 'reason', 'createdAt'] as const;
  const refundRows = orderIds.length ? await readColumns(db, refunds, refundColumns, inArray(refunds.orderId, orderIds)) : [];
  const refundRequestColumns = ['id', 'orderId', 'reason', 'status', 'decisionNote', 'decidedAt', 'createdAt'] as const;
  const refundRequestRows = await readColumns(db, refundRequests, refundRequestColumns, eq(refundRequests.userId, userId));
  const subscriptionRows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const cardColumns = ['brand', 'last4', 'expMonth', 'expYear', 'isDefault', 'createdAt'] as const;
  const cardRows = await readColumns(db, paymentMethods, cardColumns, eq(paymentMethods.userId, userId));
  const topUpColumns = [
    'enabled',
    'threshold',
    'creditPackageId',
    'monthlyLimit',
    'lowBalanceEmail',
    'disabledReason',
    'updatedAt',
  ] as const;
  const [topUpSettings] = await readColumns(db, autoTopUpSettings, topUpColumns, eq(autoTopUpSettings.userId, userId));
  const topUpRowColumns = [
    'id',
    'creditPackageId',
    'orderId',
    'balanceAtTrigger',
    'status',
    'failureCode',
    'failureMessage',
    'createdAt',
    'finishedAt',
  ] as const;
  const topUpRows = await readColumns(db, autoTopUps, topUpRowColumns, eq(autoTopUps.userId, userId), autoTopUps.createdAt);
  const alertColumns = ['balance', 'createdAt', 'mailed'] as const;
  const alertRows = await readColumns(db, lowBalanceAlerts, alertColumns, eq(lowBalanceAlerts.userId, userId), lowBalanceAlerts.createdAt);

  const jobColumns = [
    'id',
    'service',
    'status',
    'params',
    'files',
    'cost',
    'refundedAt',
    'engineLabel',
    'error',
    'summary',
    'apiKeyId',
    'oauthGrantId',
    'createdAt',
    'finishedAt',
  ] as const;
  const jobRows = await readColumns(db, jobs, jobColumns, eq(jobs.userId, userId), jobs.createdAt);
  const jobIds = jobRows.map((row) => row.id);
  const outputRows = jobIds.length
    ? await db.select().from(jobOutputs).where(inArray(jobOutputs.jobId, jobIds)).orderBy(asc(jobOutputs.position))
    : [];
  const uploadRows = await db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.createdAt));

  const keyColumns = [
    'id',
    'name',
    'keyPrefix',
    'status',
    'rateLimit',
    'allowedServices',
    'monthlyCreditCap',
    'webhookUrl',
    'createdAt',
    'lastUsedAt',
    'lastUsedIp',
    'revokedAt',
    'deletedAt',
  ] as const;
  const keyRows = await readColumns(db, apiKeys, keyColumns, eq(apiKeys.userId, userId), apiKeys.createdAt);
  const keyIds = keyRows.map((row) => row.id);
  const requestRows = keyIds.length
    ? await db
        .select({
          keyId: apiKeyRequests.keyId,
          requests: sql<string>`coalesce(sum(${apiKeyRequests.requests}), 0)`,
          errors: sql<string>`coalesce(sum(${apiKeyRequests.errors}), 0)`,
        })
        .from(apiKeyRequests)
        .where(inArray(apiKeyRequests.keyId, keyIds))
        .groupBy(apiKeyRequests.keyId)
    : [];
  const creditRows = keyIds.length
    ? await db
        .select({ keyId: jobs.apiKeyId, credits: sql<string>`coalesce(sum(${jobs.cost}), 0)` })
        .from(jobs)
        .where(and(inArray(jobs.apiKeyId, keyIds), isNull(jobs.refundedAt)))
        .groupBy(jobs.apiKeyId)
    : [];

  const sessionColumns = ['id', 'userAgent', 'ip', 'createdAt', 'lastSeenAt', 'revokedAt'] as const;
  const sessionRows = await readColumns(db, authSessions, sessionColumns, eq(authSessions.userId, userId), authSessions.createdAt);
  const eventColumns = ['type', 'ip', 'userAgent', 'detail', 'createdAt'] as const;
  const eventRows = await readColumns(db, securityEvents, eventColumns, eq(securityEvents.userId, userId), securityEvents.createdAt);

  const postColumns = ['id', 'jobId', 'outputId', 'service', 'title', 'prompt', 'status', 'likesCount', 'createdAt', 'updatedAt'] as const;
  const postRows = await readColumns(db, communityPosts, postColumns, eq(communityPosts.userId, userId));
  const likeRows = await db
    .select({ postId: communityLikes.postId, likedAt: communityLikes.createdAt })
    .from(communityLikes)
    .where(eq(communityLikes.userId, userId));
  const sameEmail = (column: PgColumn) => eq(sql`lower(${column})`, user.email.toLowerCase());
  const subscriberColumns = ['email', 'status', 'ip', 'createdAt', 'confirmedAt', 'unsubscribedAt'] as const;
  const [subscriber] = await readColumns(db, newsletterSubscribers, subscriberColumns, sameEmail(newsletterSubscribers.email));
  const messageColumns = [
    'id',
    'name',
    'email',
    'subject',
    'message',
    'status',
    'ip',
    'reply',
    'repliedAt',
    'creditsGranted',
    'createdAt',
  ] as const;
  const messageWhere = or(eq(contactMessages.senderUserId, userId), sameEmail(contactMessages.email));
  const messageRows = await readColumns(db, contactMessages, messageColumns, messageWhere, contactMessages.createdAt);
  const supportColumns = ['id', 'author', 'body', 'createdAt'] as const;
  const supportRows = await readColumns(db, supportMessages, supportColumns, eq(supportMessages.userId, userId), supportMessages.createdAt);

  const connectedAppRows = await findGrantsOfUser(db, userId, true);

  const requestsOf = new Map(requestRows.map((row) => [row.keyId, row]));
  const creditsOf = new Map(creditRows.map((row) => [row.keyId, Number(row.credits)]));
  return {
    user: { ...user, identities },
    credits: { balance: account?.balance ?? 0, spent: account?.spent ?? 0, ledger },
    orders: orderRows.map((order) => ({
      ...order,
      cryptoPayments: cryptoRows.filter((row) => row.orderId === order.id),
      refunds: refundRows.filter((row) => row.orderId === order.id),
    })),
    refundRequests: refundRequestRows,
    subscriptions: subscriptionRows,
    paymentMethods: cardRows,
    autoTopUp: { settings: topUpSettings ?? null, topUps: topUpRows, lowBalanceAlerts: alertRows },
    jobs: jobRows.map((job) => ({ ...job, outputs: outputRows.filter((row) => row.jobId === job.id) })),
    uploads: uploadRows,
    apiKeys: keyRows.map((key) => ({
      ...key,
      usage: {
        requests: Number(requestsOf.get(key.id)?.requests ?? 0),
        errors: Number(requestsOf.get(key.id)?.errors ?? 0),
        creditsUsed: creditsOf.get(key.id) ?? 0,
      },
    })),
    sessions: sessionRows,
    securityEvents: eventRows,
    communityPosts: postRows,
    communityLikes: likeRows,
    newsletter: subscriber ?? null,
    contactMessages: messageRows,
    supportChat: supportRows,
    connectedApps: connectedAppRows.map((grant) => ({
      id: grant.id,
      client: { name: grant.clientName, uri: grant.clientUri, clientId: grant.clientId },
      allowedServices: grant.allowedServices,
      monthlyCreditCap: grant.monthlyCreditCap,
      createdAt: grant.createdAt,
      lastUsedAt: grant.lastUsedAt,
      revokedAt: grant.revokedAt,
      revokedReason: grant.revokedReason,
    })),
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof readPersonalData>>>;
