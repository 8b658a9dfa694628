import type { CreditPackage, ServiceCostMap } from '@lumen/core/credits/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findActivePackage, listActivePackages, listServiceCosts } from './catalogue.repository.ts';
import { toCreditPackageDto } from './credits.dto.ts';

export const PACKAGE_NOT_FOUND_MESSAGE = 'Credit package not found';

/** What credits buy and cost, read from the database on every call (admin changes show at once). */
export function createCatalogueService({ db }: { db: Db }) {
  return {
    async listActivePackages(): Promise<CreditPackage[]> {
      return (await listActivePackages(db)).map(toCreditPackageDto);
    },

    async getActivePackage(id: string): Promise<CreditPackage> {
      const row = await findActivePackage(db, id);
      if (!row) throw new AppError('NOT_FOUND', 404, PACKAGE_NOT_FOUND_MESSAGE);
      return toCreditPackageDto(row);
    },

    async getServiceCostMap(): Promise<ServiceCostMap> {
      return Object.fromEntries((await listServiceCosts(db)).map((row) => [row.serviceKey, row.cost]));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
