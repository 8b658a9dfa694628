import type { Db } from '../../db/database.ts';
import { eraseApiKeysPersonalData } from '../api-keys/index.ts';
import { eraseAuthPersonalData, insertSecurityEvent } from '../auth/index.ts';
import { eraseCommunityPersonalData } from '../community/index.ts';
import { eraseContactPersonalData } from '../contact/index.ts';
import { eraseJobsPersonalData } from '../jobs/index.ts';
import { eraseMailTo } from '../mail/index.ts';
import { deleteGrantsOfUser } from '../mcp-oauth/index.ts';
import { eraseNewsletterPersonalData } from '../newsletter/index.ts';
import { erasePaymentsPersonalData } from '../payments/index.ts';
import { anonymiseUser } from '../users/index.ts';

/**
 * Erases a person inside the caller's transaction, each part through the module that keeps it. The users row stays as
 * an anonymised tombstone because the credit ledger, orders, refunds and the audit log reference it (accounting keeps them).
 */
export async function erasePersonalData(db: Db, user: { id: string; email: string }): Promise<void> {
  const email = user.email.toLowerCase();
  await eraseAuthPersonalData(db, user.id);
  await eraseApiKeysPersonalData(db, user.id);
  await deleteGrantsOfUser(db, user.id);
  // Posts first (they reference outputs), then jobs (outputs cascade) and uploads.
  await eraseCommunityPersonalData(db, user.id);
  await eraseJobsPersonalData(db, user.id);
  await erasePaymentsPersonalData(db, user.id);
  await eraseNewsletterPersonalData(db, email);
  await eraseContactPersonalData(db, user.id, email);
  await eraseMailTo(db, [user.email, email]);
  await anonymiseUser(db, user.id);
  await insertSecurityEvent(db, { userId: user.id, type: 'account_deleted', ip: null, userAgent: null });
}
