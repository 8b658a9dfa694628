import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { findCreditAccount } from '../modules/credits/credits.repository.ts';
import { listActivePackages } from '../modules/credits/catalogue.repository.ts';
import { cryptoPayments } from '../modules/payments/crypto/tables.ts';
import { orders, paymentEvents } from '../modules/payments/orders/tables.ts';
import { users } from '../modules/users/tables.ts';
import { bearer, registerUser } from './http-helpers.ts';

/** A registered user with a verified e-mail address (needed to create payments). */
export async function verifiedUser(app: FastifyInstance, db: Db): Promise<{ id: string; token: string; headers: Record<string, string> }> {
  const { user, accessToken } = await registerUser(app);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return { id: user.id, token: accessToken, headers: bearer(accessToken) };
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  return (await findCreditAccount(db, userId))?.balance ?? 0;
}

/** The seeded active package with this name ('350 Credits' costs $49, 'Plus' $19). */
export async function packageNamed(db: Db, name: string) {
  const found = (await listActivePackages(db)).find((row) => row.name === name);
  if (!found) throw new Error(`no package ${name}`);
  return found;
}

/** The body of POST /payment/crypto/credits for a package at its real price. */
export function creditsBody(pack: { id: string; priceCents: number; name: string }, payCurrency = 'btc') {
  return {
    paymentType: 'CREDIT_PURCHASE',
    creditPackageId: pack.id,
    amount: pack.priceCents / 100,
    currency: 'usd',
    description: pack.name,
    payCurrency,
  };
}

export async function orderOf(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function cryptoPaymentOf(db: Db, paymentId: string) {
  const [row] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, paymentId));
  return row;
}

export async function nowpaymentsEventsFor(db: Db, paymentId: string) {
  const rows = await db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'nowpayments'));
  return rows.filter((row) => row.eventId.startsWith(`${paymentId}:`));
}
