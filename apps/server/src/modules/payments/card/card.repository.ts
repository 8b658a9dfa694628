import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { autoTopUpMessages } from '@lumen/core/payments/auto-top-up';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/pg-errors.ts';
import { paymentCustomers, paymentMethods } from './tables.ts';
import { autoTopUpSettings } from '../auto-top-up/tables.ts';
import { subscriptionPlans } from '../plans/tables.ts';
import { subscriptions } from '../subscriptions/tables.ts';
import type { PaymentMethodRow } from './tables.ts';
import type { SubscriptionPlanRow } from '../plans/tables.ts';
import type { SubscriptionRow } from '../subscriptions/tables.ts';

export async function findStripeCustomerId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'stripe')));
  return row?.customerId ?? null;
}

/**
 * Stores the user's Stripe customer (a live one replaces a test one). Parallel first purchases of one user all make
 * the same customer (one idempotency key) and save it together: PostgreSQL reports the losers as a conflict on the
 * customer's own unique index, which ON CONFLICT (user, provider) does not cover, so that conflict is the same row
 * saved by another request.
 */
export async function saveStripeCustomerId(db: Db, userId: string, customerId: string): Promise<void> {
  try {
    await db
      .insert(paymentCustomers)
      .values({ userId, provider: 'stripe', customerId })
      .onConflictDoUpdate({ target: [paymentCustomers.userId, paymentCustomers.provider], set: { customerId } });
  } catch (error) {
    if (!isUniqueViolation(error) || (await findStripeCustomerId(db, userId)) !== customerId) throw error;
  }
}

// Subscriptions

export async function insertSubscription(db: Db, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('Subscription insert returned no row');
  return row;
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

export async function findSubscriptionByProviderId(db: Db, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
  return row ?? null;
}

/** The user's newest subscription in one of `statuses` (active/past_due = the one that counts). */
export async function findUserSubscription(
  db: Db,
  userId: string,
  statuses: readonly SubscriptionRow['status'][],
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...statuses])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** Checkouts the user started and never finished: closed when a new one starts (one non-canceled subscription). */
export async function cancelIncompleteSubscriptions(db: Db, userId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'incomplete')));
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`Subscription ${id} vanished`);
  return row;
}

export async function findPlan(db: Db, id: string): Promise<SubscriptionPlanRow | null> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row ?? null;
}

// Payment methods

export async function listUserMethods(db: Db, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
}

/** The card automatic top-up pays with: the user's default saved card. */
export async function findDefaultMethod(db: Db, userId: string): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
  return row ?? null;
}

export async function findUserMethod(db: Db, userId: string, id: string): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return row ?? null;
}

/** Stores a card once (by the provider's id); the user's first card becomes the default. */
export async function saveMethod(
  db: Db,
  values: { userId: string; providerMethodId: string; brand: string; last4: string; expMonth: number; expYear: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [existingDefault] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, values.userId), eq(paymentMethods.isDefault, true)));
    await tx
      .insert(paymentMethods)
      .values({ ...values, provider: 'stripe', isDefault: !existingDefault })
      .onConflictDoNothing();
  });
}

export async function makeDefaultMethod(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, id)));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
  });
}

/** Removes the card; when it was the default, the newest remaining card takes its place. */
/**
 * Removes a saved card; the newest other card becomes the default. Removing the last card turns automatic top-up off
 * in the same transaction: it pays with the saved card, and left on it would fail at the next low balance.
 */
export async function deleteMethod(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .returning();
    if (!removed?.isDefault) return;
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    else
      await tx
        .update(autoTopUpSettings)
        .set({ enabled: false, disabledReason: autoTopUpMessages.cardRemoved, updatedAt: sql`now()` })
        .where(and(eq(autoTopUpSettings.userId, userId), eq(autoTopUpSettings.enabled, true)));
  });
}
