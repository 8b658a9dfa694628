import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { postWebhook } from './fake-provider-server.ts';
import type { FakeReply, FakeServer, RecordedRequest, WebhookDelivery, WebhookPoster } from './fake-provider-server.ts';

export type FakeFalEndpoint = {
  /** The result once the request completes (file URLs under `${server.url}/files/…` are served from `files`). */
  output?: unknown;
  /** The request completes with this error instead; the result endpoint then answers 422. */
  error?: string;
  /** Never leaves IN_PROGRESS (for abort tests). */
  endless?: boolean;
  /** The request completes this long after submission even if nobody reads it (as on fal); else on the second status read. */
  runMs?: number;
};

type Stored = { id: string; model: string; app: string; polls: number; status: string; input: unknown; webhook: string | null };

/**
 * Speaks fal's queue API on a fake server: POST /{endpoint id} (Authorization: Key …) queues a
 * request and answers request_id with status/response/cancel URLs; GET /{owner}/{alias}/requests/{id}/status
 * moves it IN_QUEUE → IN_PROGRESS → COMPLETED; GET /{owner}/{alias}/requests/{id} gives the result;
 * PUT …/cancel cancels a request that has not completed (400 ALREADY_COMPLETED otherwise).
 * Status and result live under owner/alias only, as on queue.fal.run. Also serves /files/{name}
 * and /.well-known/jwks.json with the public key of `keys`. A request submitted with `?fal_webhook=` is POSTed there
 * when it completes, as fal's webhook documentation shows: `{request_id, gateway_request_id, status: 'OK' | 'ERROR',
 * payload, error}` with the X-Fal-Webhook-* headers signed (Ed25519) by `signingKey`.
 */
export function serveFal(
  server: FakeServer,
  options: {
    key: string;
    endpoints: Record<string, FakeFalEndpoint>;
    files: Record<string, Buffer>;
    jwks?: { keys: unknown[] };
    /** The private key of `jwks`, to sign webhook deliveries with. */
    signingKey?: KeyObject;
    /** How deliveries are sent (default: a POST to the webhook URL). */
    postWebhook?: WebhookPoster;
  },
) {
  const requests = new Map<string, Stored>();
  const deliveries: WebhookDelivery[] = [];
  const send = options.postWebhook ?? postWebhook;
  const complete = (stored: Stored) => {
    if (stored.status !== 'IN_QUEUE' && stored.status !== 'IN_PROGRESS') return;
    stored.status = 'COMPLETED';
    if (!stored.webhook || !options.signingKey) return;
    const endpoint = options.endpoints[stored.model]!;
    const body = JSON.stringify(
      endpoint.error
        ? {
            request_id: stored.id,
            gateway_request_id: stored.id,
            status: 'ERROR',
            error: endpoint.error,
            payload: { detail: [{ msg: endpoint.error }] },
          }
        : { request_id: stored.id, gateway_request_id: stored.id, status: 'OK', payload: endpoint.output },
    );
    const headers = signFalDelivery(options.signingKey, {
      requestId: stored.id,
      userId: 'fake-fal-user',
      timestamp: Math.floor(Date.now() / 1000),
      body,
    });
    const delivery = { url: stored.webhook, headers, body };
    deliveries.push(delivery);
    void send(delivery);
  };
  const handler = (request: RecordedRequest): FakeReply | undefined => {
    const [path, query = ''] = request.path.split('?');
    const file = /^\/files\/(.+)$/.exec(path!);
    if (file && request.method === 'GET') {
      const data = options.files[file[1]!];
      return data ? { status: 200, raw: data } : undefined;
    }
    if (path === '/.well-known/jwks.json') return options.jwks ? { status: 200, body: options.jwks } : undefined;
    if (request.headers.authorization !== `Key ${options.key}`) return { status: 401, body: { detail: 'Invalid key' } };
    const queued = /^\/(.+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(path!);
    if (queued) {
      const stored = requests.get(queued[2]!);
      if (!stored || stored.app !== queued[1]) return { status: 404, body: { detail: 'Request not found' } };
      const endpoint = options.endpoints[stored.model]!;
      if (queued[3] === '/cancel' && request.method === 'PUT') {
        if (stored.status === 'COMPLETED') return { status: 400, body: { status: 'ALREADY_COMPLETED' } };
        stored.status = 'CANCELLED';
        return { status: 202, body: { status: 'CANCELLATION_REQUESTED' } };
      }
      if (queued[3] === '/status' && request.method === 'GET') {
        if (stored.status === 'IN_QUEUE' || stored.status === 'IN_PROGRESS') {
          stored.polls += 1;
          if (stored.polls === 1 || endpoint.endless) stored.status = 'IN_PROGRESS';
          else complete(stored);
        }
        const base = { status: stored.status, request_id: stored.id, response_url: `${server.url}/${stored.app}/requests/${stored.id}` };
        if (stored.status === 'IN_QUEUE') return { status: 200, body: { ...base, queue_position: 0 } };
        if (stored.status === 'COMPLETED' && endpoint.error)
          return { status: 200, body: { ...base, error: endpoint.error, error_type: 'runner_error' } };
        return { status: 200, body: { ...base, logs: null } };
      }
      if (!queued[3] && request.method === 'GET') {
        if (stored.status !== 'COMPLETED') return { status: 400, body: { detail: 'Request is still in progress' } };
        if (endpoint.error) return { status: 422, body: { detail: [{ loc: ['body'], msg: endpoint.error, type: 'value_error' }] } };
        return { status: 200, body: endpoint.output };
      }
      return undefined;
    }
    const model = path!.slice(1);
    if (request.method === 'POST' && options.endpoints[model]) {
      const id = `0000000${requests.size + 1}-fal0-4000-8000-000000000000`;
      const app = model.split('/').slice(0, 2).join('/');
      const webhook = new URLSearchParams(query).get('fal_webhook');
      const stored: Stored = { id, model, app, polls: 0, status: 'IN_QUEUE', input: request.body, webhook };
      requests.set(id, stored);
      const { runMs, endless } = options.endpoints[model]!;
      if (runMs !== undefined && !endless) setTimeout(() => complete(stored), runMs).unref();
      const url = `${server.url}/${app}/requests/${id}`;
      return {
        status: 200,
        body: {
          request_id: id,
          gateway_request_id: id,
          response_url: url,
          status_url: `${url}/status`,
          cancel_url: `${url}/cancel`,
          queue_position: 0,
        },
      };
    }
    return undefined;
  };
  server.handle(handler);
  return { requests, handler, deliveries };
}

/** An Ed25519 key pair standing in for fal's webhook signing key, and its JWKS. */
export function falSigningKeys(): { privateKey: KeyObject; jwks: { keys: unknown[] } } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, jwks: { keys: [{ ...jwk, kid: 'test-key', use: 'sig', alg: 'EdDSA' }] } };
}

/** The X-Fal-Webhook-* headers fal sends with a delivery of `body`, signed with `privateKey`. */
export function signFalDelivery(
  privateKey: KeyObject,
  delivery: { requestId: string; userId: string; timestamp: number; body: string },
): Record<string, string> {
  const digest = createHash('sha256').update(delivery.body).digest('hex');
  const message = Buffer.from([delivery.requestId, delivery.userId, String(delivery.timestamp), digest].join('\n'));
  return {
    'x-fal-webhook-request-id': delivery.requestId,
    'x-fal-webhook-user-id': delivery.userId,
    'x-fal-webhook-timestamp': String(delivery.timestamp),
    'x-fal-webhook-signature': sign(null, message, privateKey).toString('hex'),
  };
}
