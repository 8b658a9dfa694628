import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signIpnBody } from '../modules/payments/crypto/nowpayments-signature.ts';

/**
 * A local HTTP server speaking NOWPayments' REST protocol (base path /v1, x-api-key header):
 * GET /status, /currencies, /estimate, POST /payment, GET /payment/{id}. Tests drive payments
 * through statuses, inject failures and delays, and get IPNs signed with the IPN secret.
 */

export type LocalNowPaymentsPayment = {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  pay_currency: string;
  order_id: string;
  order_description: string;
  ipn_callback_url: string;
  purchase_id: number;
  payin_hash: string | null;
  created_at: string;
  updated_at: string;
  expiration_estimate_date: string;
};

export type RecordedRequest = { method: string; path: string; apiKey: string | undefined; body: unknown };

export type LocalNowPayments = {
  /** e.g. http://127.0.0.1:54321/v1 (NOWPAYMENTS_API_URL). */
  apiUrl: string;
  apiKey: string;
  ipnSecret: string;
  requests: RecordedRequest[];
  payments: Map<string, LocalNowPaymentsPayment>;
  /** The next `count` requests answer `status` (e.g. 503) before the normal answer. */
  failNext(count: number, status: number): void;
  /** The next `count` requests wait `ms` before answering (timeouts). */
  delayNext(count: number, ms: number): void;
  /** Moves a payment to a status (and actually_paid), like the provider would. */
  setStatus(paymentId: string, status: string, actuallyPaid?: number): LocalNowPaymentsPayment;
  /** The IPN NOWPayments would send now for the payment: body and x-nowpayments-sig. */
  ipn(paymentId: string): { body: Record<string, unknown>; signature: string };
  close(): Promise<void>;
};

/** USD per coin: whatever rates, as long as the tests know them. */
const rates: Record<string, number> = { btc: 50_000, eth: 2_500, usdttrc20: 1, ltc: 100, doge: 0.2 };

export async function startLocalNowPayments(options: { apiKey?: string; ipnSecret?: string } = {}): Promise<LocalNowPayments> {
  const apiKey = options.apiKey ?? 'local-np-api-key';
  const ipnSecret = options.ipnSecret ?? 'local-np-ipn-secret';
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, LocalNowPaymentsPayment>();
  const failures: number[] = [];
  const delays: number[] = [];
  let nextId = 5_000_000_001;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { status: false, statusCode: status, code, message });

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : undefined;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = req.method === 'POST' ? await readBody(req).catch(() => null) : undefined;
      const given = req.headers['x-api-key'];
      requests.push({
        method: req.method ?? '',
        path: `${url.pathname}${url.search}`,
        apiKey: typeof given === 'string' ? given : undefined,
        body,
      });
      const delay = delays.shift();
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (res.destroyed) return;
      const failure = failures.shift();
      if (failure) return error(res, failure, 'INTERNAL_ERROR', 'Temporary failure');
      if (given !== apiKey) return error(res, 403, 'INVALID_API_KEY', 'Invalid api key');
      const path = url.pathname.replace(/^\/v1/, '');

      if (req.method === 'GET' && path === '/status') return send(res, 200, { message: 'OK' });
      if (req.method === 'GET' && path === '/currencies') return send(res, 200, { currencies: Object.keys(rates) });
      if (req.method === 'GET' && path === '/estimate') {
        const amount = Number(url.searchParams.get('amount'));
        const from = url.searchParams.get('currency_from') ?? '';
        const to = url.searchParams.get('currency_to') ?? '';
        const fromRate = from === 'usd' ? 1 : rates[from];
        const toRate = to === 'usd' ? 1 : rates[to];
        if (!fromRate || !toRate || !(amount > 0))
          return error(res, 400, 'BAD_CREATE_PAYMENT_REQUEST', `Currency ${!fromRate ? from : to} was not found`);
        return send(res, 200, {
          currency_from: from,
          amount_from: amount,
          currency_to: to,
          estimated_amount: ((amount * fromRate) / toRate).toFixed(8),
        });
      }
      if (req.method === 'POST' && path === '/payment') {
        const input = (body ?? {}) as Record<string, unknown>;
        const payCurrency = String(input.pay_currency ?? '');
        const price = Number(input.price_amount);
        if (!rates[payCurrency]) return error(res, 400, 'BAD_CREATE_PAYMENT_REQUEST', `Currency ${payCurrency} was not found`);
        if (!(price > 0) || input.price_currency !== 'usd')
          return error(res, 400, 'BAD_CREATE_PAYMENT_REQUEST', 'price_amount must be positive');
        const id = nextId++;
        const now = new Date();
        const payment: LocalNowPaymentsPayment = {
          payment_id: id,
          payment_status: 'waiting',
          pay_address: `bc1qlocal${String(id).padStart(33, '0')}`,
          price_amount: price,
          price_currency: 'usd',
          pay_amount: Number((price / rates[payCurrency]).toFixed(8)),
          actually_paid: 0,
          pay_currency: payCurrency,
          order_id: String(input.order_id ?? ''),
          order_description: String(input.order_description ?? ''),
          ipn_callback_url: String(input.ipn_callback_url ?? ''),
          purchase_id: id + 1_000_000,
          payin_hash: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          expiration_estimate_date: new Date(now.getTime() + 20 * 60_000).toISOString(),
        };
        payments.set(String(id), payment);
        const { actually_paid: _unpaid, payin_hash: _hash, ...created } = payment;
        return send(res, 201, { ...created, amount_received: null, network: payCurrency, smart_contract: '' });
      }
      const match = /^\/payment\/(\d+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const payment = payments.get(match[1]!);
        if (!payment) return error(res, 404, 'PAYMENT_NOT_FOUND', `Payment ${match[1]} not found`);
        const { ipn_callback_url: _url, expiration_estimate_date: _expires, ...status } = payment;
        return send(res, 200, status);
      }
      return error(res, 404, 'NOT_FOUND', 'Not found');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (paymentId: string) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no local payment ${paymentId}`);
    return payment;
  };

  return {
    apiUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    ipnSecret,
    requests,
    payments,
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    delayNext(count, ms) {
      for (let i = 0; i < count; i++) delays.push(ms);
    },
    setStatus(paymentId, status, actuallyPaid) {
      const payment = get(paymentId);
      payment.payment_status = status;
      payment.actually_paid = actuallyPaid ?? (status === 'waiting' || status === 'expired' ? 0 : payment.pay_amount);
      payment.payin_hash = payment.actually_paid > 0 ? `local-tx-${paymentId}` : null;
      payment.updated_at = new Date().toISOString();
      return payment;
    },
    ipn(paymentId) {
      const { ipn_callback_url: _url, expiration_estimate_date: _expires, ...body } = get(paymentId);
      // Nested values are signed too, with their keys sorted.
      const full = { ...body, fee: { currency: body.pay_currency, withdrawalFee: 0, depositFee: 0, serviceFee: 0 } };
      return { body: full, signature: signIpnBody(full, ipnSecret) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
