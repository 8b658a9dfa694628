import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server speaking Stripe's REST protocol (form-encoded POSTs with bracketed keys,
 * Bearer secret key, Idempotency-Key replays, Stripe-shaped JSON and errors) for the endpoints the
 * app uses. It records every request so tests can assert what the adapter sent.
 */

export type RecordedStripeRequest = {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
};

export type LocalStripeServer = {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  requests: RecordedStripeRequest[];
  close(): Promise<void>;
};

type Json = Record<string, unknown>;

/** `a[b][0][c]=1` → { a: { b: [ { c: '1' } ] } }, as Stripe reads it. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

export async function startLocalStripeServer(secretKey = 'sk_test_local_stripe'): Promise<LocalStripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const replies = new Map<string, { status: number; body: Json }>();
  const subscriptions = new Map<string, Json>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_local_${(counter += 1).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const error = (status: number, type: string, message: string) => ({ status, body: { error: { type, message } } });

  function subscriptionObject(id: string): Json {
    const existing = subscriptions.get(id);
    if (existing) return existing;
    const created: Json = {
      id,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      items: { object: 'list', data: [{ id: next('si'), current_period_start: now(), current_period_end: now() + 30 * 86_400 }] },
    };
    subscriptions.set(id, created);
    return created;
  }

  /**
   * A PaymentIntent created with confirm=true (off_session=true: a saved card charged without the customer). Stripe's
   * test PaymentMethods decide: pm_card_chargeDeclined is declined (402 card_error, card_declined), and
   * pm_card_authenticationRequired needs the customer (402 card_error, authentication_required); any other card pays.
   * A refusal carries the PaymentIntent, left in requires_payment_method, as Stripe's card errors do.
   */
  function confirmedIntent(id: string, amount: number, body: Json): { status: number; body: Json } {
    const paymentMethod = str(body.payment_method);
    if (!paymentMethod)
      return error(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it is missing a payment method.');
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: body.currency,
      customer: body.customer ?? null,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      payment_method: paymentMethod,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_local`,
      livemode: false,
    };
    const refusal =
      paymentMethod === 'pm_card_chargeDeclined'
        ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
        : paymentMethod === 'pm_card_authenticationRequired'
          ? {
              code: 'authentication_required',
              decline_code: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            }
          : null;
    if (refusal) {
      intent.last_payment_error = { type: 'card_error', ...refusal };
      return { status: 402, body: { error: { type: 'card_error', ...refusal, payment_intent: intent } } };
    }
    return { status: 200, body: { ...intent, status: 'succeeded', amount_received: amount, latest_charge: next('ch') } };
  }

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: next('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} } };
    }
    if (method === 'POST' && (match = /^\/v1\/customers\/(cus_[\w]+)$/.exec(path))) {
      return { status: 200, body: { id: match[1], object: 'customer', invoice_settings: body.invoice_settings ?? {} } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd');
      const id = next('pi');
      if (body.confirm === 'true') return confirmedIntent(id, amount, body);
      return {
        status: 200,
        body: {
          id,
          object: 'payment_intent',
          amount,
          currency: body.currency,
          customer: body.customer ?? null,
          description: body.description ?? null,
          metadata: body.metadata ?? {},
          status: 'requires_payment_method',
          client_secret: `${id}_secret_local`,
          livemode: false,
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs');
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: body.mode,
          metadata: body.metadata ?? {},
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
        },
      };
    }
    if ((match = /^\/v1\/subscriptions\/(sub_[\w]+)$/.exec(path))) {
      const subscription = subscriptionObject(match[1]!);
      if (method === 'DELETE') Object.assign(subscription, { status: 'canceled', canceled_at: now(), cancel_at_period_end: false });
      else if (method === 'POST' && body.cancel_at_period_end !== undefined)
        subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      else if (method !== 'GET' && method !== 'POST') return error(405, 'invalid_request_error', 'Method not allowed');
      return { status: 200, body: subscription };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (!str(body.payment_intent)) return error(400, 'invalid_request_error', 'You must pass a charge or a payment_intent');
      return {
        status: 200,
        body: {
          id: next('re'),
          object: 'refund',
          amount: Number(body.amount),
          payment_intent: body.payment_intent,
          status: 'succeeded',
          reason: body.reason ?? null,
        },
      };
    }
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/(pm_[\w]+)$/.exec(path))) {
      return {
        status: 200,
        body: {
          id: match[1],
          object: 'payment_method',
          type: 'card',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
        },
      };
    }
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/(pm_[\w]+)\/detach$/.exec(path))) {
      return { status: 200, body: { id: match[1], object: 'payment_method', customer: null } };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = raw ? parseStripeForm(raw) : Object.fromEntries(url.searchParams);
    const idempotencyKey = str(request.headers['idempotency-key']) ?? null;
    const authorization = str(request.headers.authorization) ?? null;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey, authorization });

    let reply: { status: number; body: Json };
    if (authorization !== `Bearer ${secretKey}`) {
      reply = error(401, 'invalid_request_error', 'Invalid API Key provided');
    } else if (idempotencyKey && replies.has(idempotencyKey)) {
      reply = replies.get(idempotencyKey)!;
      response.setHeader('idempotent-replayed', 'true');
    } else {
      reply = route(request.method ?? 'GET', url.pathname, body);
      if (idempotencyKey) replies.set(idempotencyKey, reply);
    }
    response.statusCode = reply.status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', `req_local_${requests.length}`);
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((caught: unknown) => {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(caught) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((closeError) => (closeError ? reject(closeError) : resolve()));
      }),
  };
}
