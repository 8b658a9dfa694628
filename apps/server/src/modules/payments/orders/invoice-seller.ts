import type { SellerConfig } from '../../../config/index.ts';
import type { Db } from '../../../db/database.ts';
import { getPlatformSettings } from '../../settings/index.ts';

export type SellerDetails = SellerConfig;

/** The seller name platform settings hold until an admin changes it. */
const SETTINGS_DEFAULT_NAME = 'Lumen Studio';

/**
 * The seller printed on receipts: what an admin saved in platform settings (/admin/settings),
 * each field left empty (or the untouched default name) falling back to the SELLER_* settings.
 */
export async function sellerDetails(db: Db, fallback: SellerConfig): Promise<SellerDetails> {
  const { seller } = await getPlatformSettings(db);
  return {
    name: seller.name && seller.name !== SETTINGS_DEFAULT_NAME ? seller.name : fallback.name,
    address: seller.address || fallback.address,
    email: seller.email || fallback.email,
    taxId: seller.taxId || fallback.taxId,
  };
}
