import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { beforeAll } from 'vitest';
import type { Db } from '../db/database.ts';
import { adminAccessToken } from './build-test-app.ts';
import { setBalance } from './credit-helpers.ts';
import { appForFile, bearer, registerUser } from './http-helpers.ts';
import { listActivePackages } from '../modules/credits/catalogue.repository.ts';
import { users } from '../modules/users/tables.ts';

/** appForFile() plus an admin's token, read inside the tests like the rest. */
export function appWithAdmin() {
  const { app, db } = appForFile();
  let adminToken = '';
  beforeAll(async () => {
    adminToken = await adminAccessToken(app());
  });
  return {
    app,
    admin: () => adminToken,
    db,
    /** /api/v1<url> as the holder of `token` (none: a guest), with a JSON body when `payload` is given. */
    call: (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
      app().inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) }),
  };
}

/** A registered user with a verified e-mail (decision 006) and a chosen balance. */
export async function verifiedBuyer(app: FastifyInstance, db: Db, balance = 0) {
  const registered = await registerUser(app);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, registered.user.id));
  await setBalance(db, registered.user.id, balance);
  return { id: registered.user.id, token: registered.accessToken, headers: bearer(registered.accessToken) };
}

export async function seededPackage(db: Db, index = 0) {
  const pack = (await listActivePackages(db))[index];
  if (!pack) throw new Error('no seeded package');
  return pack;
}

const signer = new Stripe('sk_test_signer_for_tests');

/** A Stripe-shaped event and its stripe-signature header, made with the stripe package's own helper. */
export function signedStripeEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(10).toString('hex')}`,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** POSTs a raw webhook body the way Stripe does. */
export function postStripeWebhook(app: FastifyInstance, payload: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}
