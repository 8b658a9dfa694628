import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettingsSchema } from '@lumen/core/settings/platform-settings';
import { adminAccessToken, buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { creditsBody, packageNamed, verifiedUser } from '../../../test/crypto-helpers.ts';
import { bearer } from '../../../test/http-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({
    config: { crypto: { nowpayments: null, testTimings: { confirmingAfterMs: 3_600_000, finishedAfterMs: 7_200_000 } } },
  });
  admin = await adminAccessToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** Through PUT /admin/settings, as an admin does it on /admin/settings. */
async function setThreshold(cryptoThreshold: number) {
  const settings = platformSettingsSchema.parse({ cryptoThreshold });
  const response = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: bearer(admin), payload: settings });
  expect(response.statusCode, response.body).toBe(200);
}

const config = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/payment/config' })).json().data;

async function payByCrypto(user: { headers: Record<string, string> }, packageName: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/crypto/credits',
    headers: user.headers,
    payload: creditsBody(await packageNamed(db(), packageName)),
  });
}

describe('the crypto threshold comes from Admin › Settings', () => {
  it('is 19.20 by default: Plus ($19.00) is refused, $49 accepted; /payment/config says 19.2', async () => {
    const user = await verifiedUser(t.app, db());
    expect((await config()).cryptoMinimumAmount).toBe(19.2);
    const plus = await payByCrypto(user, 'Plus');
    expect(plus.statusCode).toBe(400);
    expect(plus.json().message).toBe('Crypto payments are available for amounts above $19.20');
    expect((await payByCrypto(user, '350 Credits')).statusCode).toBe(201);
  });

  it('an admin lowers it: Plus ($19.00) is accepted by crypto; /payment/config follows at once', async () => {
    const user = await verifiedUser(t.app, db());
    await setThreshold(10);
    expect((await config()).cryptoMinimumAmount).toBe(10);
    const plus = await payByCrypto(user, 'Plus');
    expect(plus.statusCode, plus.body).toBe(201);
    expect(plus.json().data).toMatchObject({ priceAmount: 19, priceCurrency: 'USD' });
    // Still strictly above: Pro ($9.00) stays card-only.
    const pro = await payByCrypto(user, 'Pro');
    expect(pro.statusCode).toBe(400);
    expect(pro.json().message).toBe('Crypto payments are available for amounts above $10.00');
    // The threshold itself is refused too (strictly above).
    await setThreshold(19);
    const atThreshold = await payByCrypto(user, 'Plus');
    expect(atThreshold.statusCode).toBe(400);
    expect(atThreshold.json().message).toBe('Crypto payments are available for amounts above $19.00');
  });

  it('an admin raises it: the $49 package is refused by crypto with the new amount in the message', async () => {
    const user = await verifiedUser(t.app, db());
    await setThreshold(50);
    expect((await config()).cryptoMinimumAmount).toBe(50);
    const big = await payByCrypto(user, '350 Credits');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Crypto payments are available for amounts above $50.00');
    await setThreshold(19.2);
    expect((await payByCrypto(user, '350 Credits')).statusCode).toBe(201);
    expect((await config()).cryptoMinimumAmount).toBe(19.2);
  });
});
