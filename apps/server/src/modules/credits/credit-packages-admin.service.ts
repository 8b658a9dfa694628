import { dollarsToCents } from '@lumen/core/credits/rules';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import type { Db } from '../../db/database.ts';
import { findPackageForUpdate, insertPackage, listPackages, updatePackage } from './catalogue.repository.ts';
import type { PackageValues } from './catalogue.repository.ts';
import { PACKAGE_NOT_FOUND_MESSAGE } from './catalogue.service.ts';
import { toCreditPackageDto } from './credits.dto.ts';
import type { AuditActor } from '../audit/index.ts';
import { createOrderedCatalogue } from './ordered-catalogue.ts';

type PackageInput = { name?: string; price?: number; creditsAmount?: number; isActive?: boolean };

function toValues(input: PackageInput): Partial<PackageValues> {
  const values: Partial<PackageValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.price !== undefined) values.priceCents = dollarsToCents(input.price);
  if (input.creditsAmount !== undefined) values.creditsAmount = input.creditsAmount;
  if (input.isActive !== undefined) values.isActive = input.isActive;
  return values;
}

/** Admin changes to credit packages; each one commits together with its audit row. */
export function createAdminPackagesService({ db }: { db: Db }) {
  const catalogue = createOrderedCatalogue({
    db,
    store: { list: listPackages, findForUpdate: findPackageForUpdate, insert: insertPackage, update: updatePackage },
    toDto: toCreditPackageDto,
    auditTarget: 'credit_package',
    itemName: 'credit package',
    notFoundMessage: PACKAGE_NOT_FOUND_MESSAGE,
  });

  return {
    ...catalogue,
    create: (actor: AuditActor, input: Required<Omit<PackageInput, 'isActive'>> & { isActive?: boolean }): Promise<CreditPackage> =>
      catalogue.create(actor, { ...(toValues(input) as PackageValues), isActive: input.isActive ?? true }),
    update: (actor: AuditActor, id: string, input: PackageInput): Promise<CreditPackage> => catalogue.update(actor, id, toValues(input)),
  };
}
