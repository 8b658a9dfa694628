import { dollarsToCents } from '@lumen/core/credits/rules';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import {
  findPackageForUpdate,
  insertPackage,
  listPackages,
  updatePackage,
} from '../credits/catalogue.repository.ts';
import type { PackageValues } from '../credits/catalogue.repository.ts';
import { PACKAGE_NOT_FOUND_MESSAGE } from '../credits/catalogue.service.ts';
import { toCreditPackageDto } from '../credits/credits-dto.ts';
import { insertAuditEntry } from './audit.repository.ts';
import type { AuditActor } from './audit.repository.ts';
import { assertSameIds } from './reorder.ts';

type PackageInput = { name?: string; price?: number; creditsAmount?: number; isActive?: boolean };

function toValues(input: PackageInput): Partial<PackageValues> {
  const values: Partial<PackageValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.price !== undefined) values.priceCents = dollarsToCents(input.price);
  if (input.creditsAmount !== undefined) values.creditsAmount = input.creditsAmount;
  if (input.isActive !== undefined) values.isActive = input.isActive;
  return values;
}

const target = 'credit_package';

/** Admin changes to credit packages; each one commits together with its audit row. */
export function createAdminPackagesService({ db }: { db: Db }) {
  async function lockedPackage(tx: Db, id: string) {
    const row = await findPackageForUpdate(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 404, PACKAGE_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    async list(): Promise<CreditPackage[]> {
      return (await listPackages(db)).map(toCreditPackageDto);
    },

    async create(actor: AuditActor, input: Required<Omit<PackageInput, 'isActive'>> & { isActive?: boolean }): Promise<CreditPackage> {
      return db.transaction(async (tx) => {
        const row = await insertPackage(tx, { ...(toValues(input) as PackageValues), isActive: input.isActive ?? true });
        const after = toCreditPackageDto(row);
        await insertAuditEntry(tx, actor, { action: `${target}.create`, targetType: target, targetId: row.id, before: null, after });
        return after;
      });
    },

    async update(actor: AuditActor, id: string, input: PackageInput): Promise<CreditPackage> {
      return db.transaction(async (tx) => {
        const before = toCreditPackageDto(await lockedPackage(tx, id));
        const after = toCreditPackageDto(await updatePackage(tx, id, toValues(input)));
        await insertAuditEntry(tx, actor, { action: `${target}.update`, targetType: target, targetId: id, before, after });
        return after;
      });
    },

    async reorder(actor: AuditActor, ids: string[]): Promise<CreditPackage[]> {
      return db.transaction(async (tx) => {
        const current = await listPackages(tx, { forUpdate: true });
        assertSameIds(
          current.map((row) => row.id),
          ids,
          'credit package',
        );
        for (const [index, id] of ids.entries()) await updatePackage(tx, id, { sortOrder: index + 1 });
        await insertAuditEntry(tx, actor, {
          action: `${target}.reorder`,
          targetType: target,
          targetId: null,
          before: { ids: current.map((row) => row.id) },
          after: { ids },
        });
        return (await listPackages(tx)).map(toCreditPackageDto);
      });
    },

    /** Soft delete: orders will reference packages, so they are archived, never removed. */
    async archive(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = toCreditPackageDto(await lockedPackage(tx, id));
        await updatePackage(tx, id, { archivedAt: new Date(), isActive: false });
        await insertAuditEntry(tx, actor, { action: `${target}.archive`, targetType: target, targetId: id, before, after: null });
      });
    },
  };
}
