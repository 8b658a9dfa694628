import type { CreditPackage, ServiceCostMap } from '@lumen/core/credits/schemas';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import { memoUntilChanged } from '../../db/memo-until-changed.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findActivePackage, listActivePackages, listServiceCosts } from './catalogue.repository.ts';
import { toCreditPackageDto } from './credits.dto.ts';

export const PACKAGE_NOT_FOUND_MESSAGE = 'Credit package not found';

/**
 * What credits buy and cost. With the database's change feed, the active packages and the cost map are kept in memory
 * until a package or a cost changes in any process (db/memo-until-changed.ts); without it, read on every call.
 */
export function createCatalogueService({ db, changes }: { db: Db; changes?: ChangeFeed }) {
  const readActivePackages = async () => (await listActivePackages(db)).map(toCreditPackageDto);
  const readServiceCostMap = async (): Promise<ServiceCostMap> =>
    Object.fromEntries((await listServiceCosts(db)).map((row) => [row.serviceKey, row.cost]));
  const activePackages = changes ? memoUntilChanged(changes, ['credit_packages'], readActivePackages) : readActivePackages;
  const serviceCostMap = changes ? memoUntilChanged(changes, ['service_costs'], readServiceCostMap) : readServiceCostMap;
  return {
    listActivePackages: (): Promise<CreditPackage[]> => activePackages(),

    async getActivePackage(id: string): Promise<CreditPackage> {
      const row = await findActivePackage(db, id);
      if (!row) throw new AppError('NOT_FOUND', 404, PACKAGE_NOT_FOUND_MESSAGE);
      return toCreditPackageDto(row);
    },

    getServiceCostMap: (): Promise<ServiceCostMap> => serviceCostMap(),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
