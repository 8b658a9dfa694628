import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditPackages, serviceCosts } from './tables.ts';
import type { CreditPackageRow, ServiceCostRow } from './tables.ts';

// ---- service costs ---------------------------------------------------------

export async function findServiceCost(db: Db, serviceKey: string): Promise<number | null> {
  const [row] = await db.select({ cost: serviceCosts.cost }).from(serviceCosts).where(eq(serviceCosts.serviceKey, serviceKey));
  return row?.cost ?? null;
}

export async function listServiceCosts(db: Db): Promise<ServiceCostRow[]> {
  return db.select().from(serviceCosts).orderBy(asc(serviceCosts.serviceKey));
}

export async function findServiceCostForUpdate(db: Db, serviceKey: string): Promise<ServiceCostRow | null> {
  const [row] = await db.select().from(serviceCosts).where(eq(serviceCosts.serviceKey, serviceKey)).for('update');
  return row ?? null;
}

export async function updateServiceCost(db: Db, serviceKey: string, cost: number): Promise<ServiceCostRow> {
  const [row] = await db
    .update(serviceCosts)
    .set({ cost, updatedAt: sql`now()` })
    .where(eq(serviceCosts.serviceKey, serviceKey))
    .returning();
  if (!row) throw new Error(`Service cost ${serviceKey} vanished`);
  return row;
}

// ---- credit packages -------------------------------------------------------

const notArchived = isNull(creditPackages.archivedAt);
const inOrder = [asc(creditPackages.sortOrder), asc(creditPackages.createdAt), asc(creditPackages.id)];

/** Active, non-archived packages in the admin's order. */
export async function listActivePackages(db: Db): Promise<CreditPackageRow[]> {
  return db
    .select()
    .from(creditPackages)
    .where(and(notArchived, eq(creditPackages.isActive, true)))
    .orderBy(...inOrder);
}

export async function findActivePackage(db: Db, id: string): Promise<CreditPackageRow | null> {
  const [row] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), notArchived, eq(creditPackages.isActive, true)));
  return row ?? null;
}

export type PackageSummary = { id: string; name: string; creditsAmount: number; priceCents: number };

/** Name, credits and price of these packages, archived or not (what an order or a top-up was made from), by id. */
export async function packageSummariesOf(db: Db, ids: readonly string[]): Promise<Map<string, PackageSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: creditPackages.id,
      name: creditPackages.name,
      creditsAmount: creditPackages.creditsAmount,
      priceCents: creditPackages.priceCents,
    })
    .from(creditPackages)
    .where(inArray(creditPackages.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every non-archived package (active or not) in order; `forUpdate` locks them for a change. */
export async function listPackages(db: Db, options: { forUpdate?: boolean } = {}): Promise<CreditPackageRow[]> {
  const query = db
    .select()
    .from(creditPackages)
    .where(notArchived)
    .orderBy(...inOrder);
  return options.forUpdate ? query.for('update') : query;
}

export async function findPackageForUpdate(db: Db, id: string): Promise<CreditPackageRow | null> {
  const [row] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), notArchived))
    .for('update');
  return row ?? null;
}

export type PackageValues = { name: string; priceCents: number; creditsAmount: number; isActive: boolean };

export async function insertPackage(db: Db, values: PackageValues): Promise<CreditPackageRow> {
  const [row] = await db
    .insert(creditPackages)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${creditPackages.sortOrder}), 0) + 1 from ${creditPackages} where ${creditPackages.archivedAt} is null)`,
    })
    .returning();
  if (!row) throw new Error('Package insert returned no row');
  return row;
}

export async function updatePackage(
  db: Db,
  id: string,
  changes: Partial<PackageValues & { sortOrder: number; archivedAt: Date | null }>,
): Promise<CreditPackageRow> {
  const [row] = await db
    .update(creditPackages)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(creditPackages.id, id))
    .returning();
  if (!row) throw new Error(`Package ${id} vanished`);
  return row;
}
