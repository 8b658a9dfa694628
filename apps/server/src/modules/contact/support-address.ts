import type { AppConfig } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { getPlatformSettings } from '../settings/index.ts';

/**
 * Where /contact messages go: the support address of the platform settings (Admin › Settings),
 * else SUPPORT_EMAIL, else the seller's or the admin's address.
 */
export async function supportAddress(db: Db, config: AppConfig): Promise<string> {
  const { supportEmail } = await getPlatformSettings(db);
  return supportEmail || config.supportEmail || config.seller.email || config.adminEmail || 'support@lumen.local';
}
