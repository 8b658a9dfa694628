import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalNowPayments } from '../../../test/local-nowpayments-server.ts';
import type { LocalNowPayments } from '../../../test/local-nowpayments-server.ts';
import { CryptoProviderError } from './crypto-provider.ts';
import { startLocalCatalogue } from '../../../test/local-nowpayments-catalogue.ts';
import type { LocalCatalogue } from '../../../test/local-nowpayments-catalogue.ts';
import { createNowPaymentsProvider } from './nowpayments-provider.ts';
import { signIpnBody, sortKeysDeep, verifyIpnSignature } from './nowpayments-signature.ts';

let local: LocalNowPayments;
beforeAll(async () => {
  local = await startLocalNowPayments();
});
afterAll(async () => {
  await local?.close();
});

const providerFor = (overrides: Partial<Parameters<typeof createNowPaymentsProvider>[0]> = {}) =>
  createNowPaymentsProvider({
    apiKey: local.apiKey,
    ipnSecret: local.ipnSecret,
    apiUrl: local.apiUrl,
    backoffMs: 5,
    timeoutMs: 2_000,
    ...overrides,
  });

const paymentInput = {
  priceAmount: 49,
  priceCurrency: 'usd',
  payCurrency: 'btc',
  orderId: '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11',
  orderDescription: '350 Credits',
  ipnCallbackUrl: 'https://lumen.example/api/v1/webhooks/nowpayments',
};

const fullCurrencies = [
  { code: 'btc', name: 'Bitcoin', network: 'btc', logo_url: '/images/coins/btc.svg', enable: true },
  { code: 'ETH', name: ' Ethereum ', network: 'eth', logo_url: '/images/coins/eth.svg', enable: true },
  { code: 'usdttrc20', name: 'Tether USD (Tron)', network: 'trx', logo_url: '/images/coins/usdttrc20.svg', enable: true },
  { code: 'ltc', name: '', network: 'ltc', logo_url: '/images/coins/ltc.svg', enable: true },
  { code: 'xmr', name: 'Monero', network: null, logo_url: '/images/coins/xmr.svg', enable: true },
];

/** The provider talking to a local server that also answers GET /merchant/coins and /full-currencies from `catalogue`. */
async function withCatalogue(catalogue: LocalCatalogue, test: (provider: ReturnType<typeof providerFor>) => Promise<void>) {
  const front = await startLocalCatalogue(local, catalogue);
  try {
    await test(providerFor({ apiUrl: front.apiUrl }));
  } finally {
    await front.close();
  }
}

const requestedPaths = (from: number) => local.requests.slice(from).map((request) => request.path);

describe('NOWPayments adapter against a local server speaking its protocol', () => {
  it("lists the coins of the merchant's account, named from /full-currencies, and asks again only after 5 minutes", async () => {
    let clock = Date.now();
    const front = await startLocalCatalogue(local, { selectedCurrencies: ['BTC', 'eth', 'USDTTRC20', 'LTC', 'BTC'], fullCurrencies });
    const provider = providerFor({ apiUrl: front.apiUrl, now: () => clock });
    try {
      const before = local.requests.length;
      expect(await provider.listCurrencies()).toEqual(['btc', 'eth', 'usdttrc20', 'ltc']);
      expect(local.requests.slice(before)).toEqual([{ method: 'GET', path: '/v1/merchant/coins', apiKey: local.apiKey, body: undefined }]);
      // Only accepted coins with a name; the rest of /full-currencies (xmr) is not theirs to list.
      expect(await provider.describeCurrencies?.()).toEqual([
        { ticker: 'btc', name: 'Bitcoin', network: 'btc' },
        { ticker: 'eth', name: 'Ethereum', network: 'eth' },
        { ticker: 'usdttrc20', name: 'Tether USD (Tron)', network: 'trx' },
      ]);
      expect(requestedPaths(before)).toEqual(['/v1/merchant/coins', '/v1/full-currencies']);

      clock += 5 * 60_000 - 1;
      await provider.listCurrencies();
      await provider.describeCurrencies?.();
      expect(local.requests.length - before).toBe(2);
      clock += 1;
      await provider.listCurrencies();
      await provider.describeCurrencies?.();
      expect(requestedPaths(before).slice(2)).toEqual(['/v1/merchant/coins', '/v1/full-currencies']);
    } finally {
      await front.close();
    }
  });

  it('lists every coin of GET /currencies when the merchant coin list is empty or missing', async () => {
    await withCatalogue({ selectedCurrencies: [], fullCurrencies }, async (provider) => {
      const before = local.requests.length;
      expect(await provider.listCurrencies()).toEqual(['btc', 'eth', 'usdttrc20', 'ltc', 'doge']);
      expect(requestedPaths(before)).toEqual(['/v1/merchant/coins', '/v1/currencies']);
    });
    // The local server alone has no /merchant/coins (404), nor /full-currencies.
    const provider = providerFor();
    const before = local.requests.length;
    expect(await provider.listCurrencies()).toEqual(['btc', 'eth', 'usdttrc20', 'ltc', 'doge']);
    expect(local.requests.slice(before)).toEqual([
      { method: 'GET', path: '/v1/merchant/coins', apiKey: local.apiKey, body: undefined },
      { method: 'GET', path: '/v1/currencies', apiKey: local.apiKey, body: undefined },
    ]);
    await expect(provider.describeCurrencies?.()).rejects.toMatchObject({ status: 404, retryable: false });
    // The failure is kept with the list: names are not asked for again on every request.
    await expect(provider.describeCurrencies?.()).rejects.toMatchObject({ status: 404 });
    expect(requestedPaths(before)).toEqual(['/v1/merchant/coins', '/v1/currencies', '/v1/full-currencies']);
  });

  it('estimates with amount, currency_from and currency_to; a refused currency is a clear, final error', async () => {
    const provider = providerFor();
    expect(await provider.estimate({ amount: 50, currencyFrom: 'usd', currencyTo: 'btc' })).toEqual({
      amountFrom: 50,
      currencyFrom: 'usd',
      estimatedAmount: 0.001,
      currencyTo: 'btc',
    });
    expect(local.requests.at(-1)?.path).toBe('/v1/estimate?amount=50&currency_from=usd&currency_to=btc');
    const error = await provider.estimate({ amount: 50, currencyFrom: 'usd', currencyTo: 'xyz' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CryptoProviderError);
    expect(error).toMatchObject({ status: 400, retryable: false, providerCode: 'BAD_CREATE_PAYMENT_REQUEST' });
    expect((error as Error).message).toContain('Currency xyz was not found');
  });

  it('creates a payment with the documented body and reads its status back', async () => {
    const provider = providerFor();
    const created = await provider.createPayment(paymentInput);
    expect(local.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment',
      apiKey: local.apiKey,
      body: {
        price_amount: 49,
        price_currency: 'usd',
        pay_currency: 'btc',
        order_id: paymentInput.orderId,
        order_description: '350 Credits',
        ipn_callback_url: paymentInput.ipnCallbackUrl,
      },
    });
    expect(created).toMatchObject({
      status: 'waiting',
      payAmount: 0.00098,
      payCurrency: 'btc',
      priceAmount: 49,
      actuallyPaid: 0,
      orderId: paymentInput.orderId,
      txHash: null,
    });
    expect(created.paymentId).toMatch(/^\d+$/);
    expect(created.payAddress).toMatch(/^bc1q/);
    expect(created.expiresAt?.getTime()).toBeGreaterThan(Date.now());

    local.setStatus(created.paymentId, 'finished');
    const status = await provider.getPaymentStatus(created.paymentId);
    expect(status).toMatchObject({
      paymentId: created.paymentId,
      status: 'finished',
      actuallyPaid: 0.00098,
      txHash: `local-tx-${created.paymentId}`,
    });
    expect(local.requests.at(-1)?.path).toBe(`/v1/payment/${created.paymentId}`);

    const missing = await provider.getPaymentStatus('999').catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ status: 404, retryable: false });
  });

  it('retries a GET through 5xx answers, and gives up with a retryable error after the last attempt', async () => {
    const provider = providerFor({ attempts: 3, currencyCacheMs: 0 });
    local.failNext(2, 503);
    let before = local.requests.length;
    expect(await provider.listCurrencies()).toContain('btc');
    // /merchant/coins: 503, 503, then the local server's 404; then /currencies.
    expect(requestedPaths(before)).toEqual(['/v1/merchant/coins', '/v1/merchant/coins', '/v1/merchant/coins', '/v1/currencies']);

    local.failNext(6, 502);
    before = local.requests.length;
    const error = await provider.listCurrencies().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, retryable: true });
    expect((error as Error).message).toMatch(/NOWPayments GET \/currencies failed with 502/);
    expect(local.requests.length - before).toBe(6);
  });

  it('does not repeat a POST after a 500 (the payment may exist), but does after a 503', async () => {
    const provider = providerFor({ attempts: 3 });
    local.failNext(1, 500);
    let before = local.requests.length;
    await expect(provider.createPayment(paymentInput)).rejects.toMatchObject({ status: 500, retryable: true });
    expect(local.requests.length - before).toBe(1);

    local.failNext(1, 503);
    before = local.requests.length;
    const created = await provider.createPayment(paymentInput);
    expect(created.status).toBe('waiting');
    expect(local.requests.length - before).toBe(2);
  });

  it('times out a slow answer and retries it', async () => {
    const provider = providerFor({ timeoutMs: 150, attempts: 2, currencyCacheMs: 0 });
    local.delayNext(1, 600);
    const before = local.requests.length;
    expect(await provider.listCurrencies()).toContain('eth');
    expect(requestedPaths(before)).toEqual(['/v1/merchant/coins', '/v1/merchant/coins', '/v1/currencies']);

    // A server that does not answer is not asked for /currencies as well.
    local.delayNext(2, 600);
    await expect(provider.listCurrencies()).rejects.toThrow('NOWPayments did not answer GET /merchant/coins within 150 ms');
  });

  it('reports a wrong API key and an unreachable server clearly', async () => {
    await expect(providerFor({ apiKey: 'wrong' }).listCurrencies()).rejects.toMatchObject({
      status: 403,
      retryable: false,
      message: 'NOWPayments GET /currencies failed with 403: Invalid api key',
    });
    const down = providerFor({ apiUrl: 'http://127.0.0.1:9/v1', attempts: 2 });
    await expect(down.listCurrencies()).rejects.toMatchObject({
      retryable: true,
      message: 'NOWPayments is unreachable (GET /merchant/coins)',
    });
  });
});

describe('IPN signature (x-nowpayments-sig)', () => {
  it('verifies the IPN the provider signs over the key-sorted body, nested objects included', async () => {
    const created = await providerFor().createPayment(paymentInput);
    local.setStatus(created.paymentId, 'finished');
    const { body, signature } = local.ipn(created.paymentId);
    const provider = providerFor();
    expect(provider.verifyIpn(body, signature)).toEqual({ ok: true, body });
    // Key order in the JSON as received does not matter: the signature is over the sorted form.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(provider.verifyIpn(reordered, signature).ok).toBe(true);
    expect(provider.verifyIpn(body, signature.toUpperCase()).ok).toBe(true);
  });

  it('refuses a missing, malformed or wrong signature and a changed body', async () => {
    const body = { payment_id: 1, payment_status: 'finished', actually_paid: 0.1, fee: { b: 1, a: 2 } };
    const signature = signIpnBody(body, local.ipnSecret);
    const provider = providerFor();
    expect(provider.verifyIpn(body, undefined)).toEqual({ ok: false, reason: 'missing signature' });
    expect(provider.verifyIpn(body, 'not-hex')).toEqual({ ok: false, reason: 'bad signature' });
    expect(provider.verifyIpn(body, signIpnBody(body, 'another secret'))).toEqual({ ok: false, reason: 'bad signature' });
    expect(provider.verifyIpn({ ...body, actually_paid: 1 }, signature)).toEqual({ ok: false, reason: 'bad signature' });
    expect(provider.verifyIpn(['x'], signature)).toEqual({ ok: false, reason: 'bad body' });
    expect(verifyIpnSignature(body, signature, local.ipnSecret).ok).toBe(true);
  });

  it('sorts keys at every level and keeps array order', () => {
    expect(JSON.stringify(sortKeysDeep({ b: 1, a: { d: [{ z: 1, y: 2 }, 3], c: null } }))).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1},3]},"b":1}',
    );
  });
});
