import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiKeyRequests, apiKeys } from '../api-keys/tables.ts';
import { authSessions, securityEvents, userIdentities } from '../auth/tables.ts';
import { communityLikes, communityPosts } from '../community/tables.ts';
import { contactMessages } from '../contact/tables.ts';
import { creditAccounts, creditLedger } from '../credits/tables.ts';
import { jobOutputs, jobs, uploads } from '../jobs/tables.ts';
import { newsletterSubscribers } from '../newsletter/tables.ts';
import { cryptoPayments, orders, paymentMethods, refundRequests, refunds, subscriptions } from '../payments/tables.ts';
import { users } from '../users/tables.ts';

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
  const ledger = await db
    .select({
      id: creditLedger.id,
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      kind: creditLedger.kind,
      reason: creditLedger.reason,
      serviceKey: creditLedger.serviceKey,
      unitCost: creditLedger.unitCost,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.seq));

  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((row) => row.id);
  const cryptoRows = orderIds.length ? await db.select().from(cryptoPayments).where(inArray(cryptoPayments.orderId, orderIds)) : [];
  const refundRows = orderIds.length
    ? await db
        .select({
          id: refunds.id,
          orderId: refunds.orderId,
          amountCents: refunds.amountCents,
          creditsReversed: refunds.creditsReversed,
          method: refunds.method,
          reason: refunds.reason,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .where(inArray(refunds.orderId, orderIds))
    : [];
  const refundRequestRows = await db
    .select({
      id: refundRequests.id,
      orderId: refundRequests.orderId,
      reason: refundRequests.reason,
      status: refundRequests.status,
      decisionNote: refundRequests.decisionNote,
      decidedAt: refundRequests.decidedAt,
      createdAt: refundRequests.createdAt,
    })
    .from(refundRequests)
    .where(eq(refundRequests.userId, userId));
  const subscriptionRows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const cardRows = await db
    .select({
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      isDefault: paymentMethods.isDefault,
      createdAt: paymentMethods.createdAt,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));

  const jobRows = await db
    .select({
      id: jobs.id,
      service: jobs.service,
      status: jobs.status,
      params: jobs.params,
      files: jobs.files,
      cost: jobs.cost,
      refundedAt: jobs.refundedAt,
      engineLabel: jobs.engineLabel,
      error: jobs.error,
      summary: jobs.summary,
      apiKeyId: jobs.apiKeyId,
      createdAt: jobs.createdAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.userId, userId))
    .orderBy(asc(jobs.createdAt));
  const jobIds = jobRows.map((row) => row.id);
  const outputRows = jobIds.length
    ? await db.select().from(jobOutputs).where(inArray(jobOutputs.jobId, jobIds)).orderBy(asc(jobOutputs.position))
    : [];
  const uploadRows = await db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.createdAt));

  const keyRows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      keyPrefix: apiKeys.keyPrefix,
      status: apiKeys.status,
      rateLimit: apiKeys.rateLimit,
      allowedServices: apiKeys.allowedServices,
      monthlyCreditCap: apiKeys.monthlyCreditCap,
      webhookUrl: apiKeys.webhookUrl,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      revokedAt: apiKeys.revokedAt,
      deletedAt: apiKeys.deletedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt));
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

  const sessionRows = await db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ip: authSessions.ip,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      revokedAt: authSessions.revokedAt,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(asc(authSessions.createdAt));
  const eventRows = await db
    .select({
      type: securityEvents.type,
      ip: securityEvents.ip,
      userAgent: securityEvents.userAgent,
      detail: securityEvents.detail,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(asc(securityEvents.createdAt));

  const postRows = await db
    .select({
      id: communityPosts.id,
      jobId: communityPosts.jobId,
      outputId: communityPosts.outputId,
      service: communityPosts.service,
      title: communityPosts.title,
      prompt: communityPosts.prompt,
      status: communityPosts.status,
      likesCount: communityPosts.likesCount,
      createdAt: communityPosts.createdAt,
      updatedAt: communityPosts.updatedAt,
    })
    .from(communityPosts)
    .where(eq(communityPosts.userId, userId));
  const likeRows = await db
    .select({ postId: communityLikes.postId, likedAt: communityLikes.createdAt })
    .from(communityLikes)
    .where(eq(communityLikes.userId, userId));
  const [subscriber] = await db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      ip: newsletterSubscribers.ip,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, user.email.toLowerCase()));
  const messageRows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      status: contactMessages.status,
      ip: contactMessages.ip,
      reply: contactMessages.reply,
      repliedAt: contactMessages.repliedAt,
      creditsGranted: contactMessages.creditsGranted,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(or(eq(contactMessages.senderUserId, userId), eq(sql`lower(${contactMessages.email})`, user.email.toLowerCase())))
    .orderBy(asc(contactMessages.createdAt));

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
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof readPersonalData>>>;
