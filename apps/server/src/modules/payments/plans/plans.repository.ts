import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { subscriptionPlans } from './tables.ts';
import type { SubscriptionPlanRow } from './tables.ts';

const notArchived = isNull(subscriptionPlans.archivedAt);
const inOrder = [asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.createdAt), asc(subscriptionPlans.id)];

export async function listActivePlans(db: Db): Promise<SubscriptionPlanRow[]> {
  return db
    .select()
    .from(subscriptionPlans)
    .where(and(notArchived, eq(subscriptionPlans.isActive, true)))
    .orderBy(...inOrder);
}

export async function findActivePlan(db: Db, id: string): Promise<SubscriptionPlanRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, id), notArchived, eq(subscriptionPlans.isActive, true)));
  return row ?? null;
}

/** Every non-archived plan (active or not) in order; `forUpdate` locks them for a change. */
export async function listPlans(db: Db, options: { forUpdate?: boolean } = {}): Promise<SubscriptionPlanRow[]> {
  const query = db
    .select()
    .from(subscriptionPlans)
    .where(notArchived)
    .orderBy(...inOrder);
  return options.forUpdate ? query.for('update') : query;
}

export async function findPlanForUpdate(db: Db, id: string): Promise<SubscriptionPlanRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, id), notArchived))
    .for('update');
  return row ?? null;
}

export type PlanValues = {
  name: string;
  description: string;
  priceCents: number;
  interval: 'month' | 'year';
  creditsPerPeriod: number;
  features: string[];
  isActive: boolean;
};

export async function insertPlan(db: Db, values: PlanValues): Promise<SubscriptionPlanRow> {
  const [row] = await db
    .insert(subscriptionPlans)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${subscriptionPlans.sortOrder}), 0) + 1 from ${subscriptionPlans} where ${subscriptionPlans.archivedAt} is null)`,
    })
    .returning();
  if (!row) throw new Error('Plan insert returned no row');
  return row;
}

export async function updatePlan(
  db: Db,
  id: string,
  changes: Partial<PlanValues & { sortOrder: number; archivedAt: Date | null }>,
): Promise<SubscriptionPlanRow> {
  const [row] = await db
    .update(subscriptionPlans)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptionPlans.id, id))
    .returning();
  if (!row) throw new Error(`Plan ${id} vanished`);
  return row;
}
