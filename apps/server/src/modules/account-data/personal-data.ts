import type { Db } from '../../db/database.ts';
import { apiKeysPersonalData } from '../api-keys/index.ts';
import { authPersonalData } from '../auth/index.ts';
import { communityPersonalData } from '../community/index.ts';
import { contactPersonalData } from '../contact/index.ts';
import { creditsPersonalData } from '../credits/index.ts';
import { creditsSpentByKeys, jobsPersonalData } from '../jobs/index.ts';
import { findGrantsOfUser } from '../mcp-oauth/index.ts';
import { newsletterPersonalData } from '../newsletter/index.ts';
import { paymentsPersonalData } from '../payments/index.ts';
import { userPersonalData } from '../users/index.ts';

/**
 * Everything stored about one person, read for their archive, each part from the module that keeps it. Secrets never
 * leave here: no password hash, no refresh tokens, no API key hashes or webhook secrets, no one-time codes.
 */
export async function personalDataOf(db: Db, userId: string) {
  const user = await userPersonalData(db, userId);
  if (!user) return null;
  const auth = await authPersonalData(db, userId);
  const credits = await creditsPersonalData(db, userId);
  const payments = await paymentsPersonalData(db, userId);
  const work = await jobsPersonalData(db, userId);
  const keys = await apiKeysPersonalData(db, userId);
  const creditsSpent = await creditsSpentByKeys(
    db,
    keys.map((key) => key.id),
  );
  const community = await communityPersonalData(db, userId);
  const newsletter = await newsletterPersonalData(db, user.email);
  const contact = await contactPersonalData(db, userId, user.email);
  const connectedAppRows = await findGrantsOfUser(db, userId, true);
  return {
    user: { ...user, identities: auth.identities },
    credits,
    ...payments,
    jobs: work.jobs,
    uploads: work.uploads,
    apiKeys: keys.map((key) => ({ ...key, usage: { ...key.usage, creditsUsed: creditsSpent.get(key.id) ?? 0 } })),
    sessions: auth.sessions,
    securityEvents: auth.securityEvents,
    communityPosts: community.posts,
    communityLikes: community.likes,
    newsletter,
    contactMessages: contact.messages,
    supportChat: contact.supportChat,
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

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalDataOf>>>;
