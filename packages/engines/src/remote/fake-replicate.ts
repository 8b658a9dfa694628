import { Webhook } from 'standardwebhooks';
import { postWebhook } from './fake-provider-server.ts';
import type { FakeReply, FakeServer, RecordedRequest, WebhookDelivery, WebhookPoster } from './fake-provider-server.ts';

export type FakeModel = {
  /** The prediction's output once it succeeds (URLs under `${server.url}/files/…` are served from `files`). */
  output?: unknown;
  /** The prediction fails with this error instead. */
  error?: string;
  /** Never leaves 'processing' (for abort tests). */
  endless?: boolean;
  /** The prediction ends this long after its creation even if nobody reads it (as on Replicate); else on the second read. */
  runMs?: number;
};

type Stored = {
  id: string;
  model: string;
  status: string;
  polls: number;
  input: unknown;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
  webhook?: string;
  webhookEvents?: string[];
};

const terminal = new Set(['succeeded', 'failed', 'canceled']);
const problem = (status: number, title: string, detail: string) => ({ status, body: { title, detail, status } });

/**
 * Speaks Replicate's predictions API (its HTTP reference and the official client's `Prediction` type) on a fake
 * server: POST /v1/models/{owner}/{name}/predictions and POST /v1/predictions create a prediction (201, 'starting',
 * with `urls.get`, `urls.cancel` and `urls.stream`); it moves to 'processing' and then ends 'succeeded' (with
 * `metrics.predict_time`) or 'failed', on the second GET /v1/predictions/{id} or `runMs` after creation, whichever
 * comes first; POST …/cancel cancels one still running (an ended one stays as it is). When the create named a
 * `webhook` and its `webhook_events_filter` has 'completed' (the default filter has every event), the end is POSTed
 * there with Standard Webhooks headers signed by the reference `standardwebhooks` package with the account's
 * secret, which GET /v1/webhooks/default/secret returns. GET /v1/predictions lists the account's predictions newest
 * first, 100 a page with a `next` URL (its `cursor`), filtered by `created_after` (at or after) and `created_before`
 * (before), each with its model, version, source and input, as the HTTP reference's predictions.list shows them.
 * GET /files/{name} serves output files. Requests without the bearer token get 401; errors are RFC 7807 problems as
 * Replicate sends them.
 */
export function serveReplicate(
  server: FakeServer,
  options: {
    token: string;
    models: Record<string, FakeModel>;
    files: Record<string, Buffer>;
    webhookSecret?: string;
    /** How deliveries are sent (default: a POST to the webhook URL). */
    postWebhook?: WebhookPoster;
  },
) {
  const predictions = new Map<string, Stored>();
  const deliveries: WebhookDelivery[] = [];
  const send = options.postWebhook ?? postWebhook;
  const view = (p: Stored) => {
    const model = options.models[p.model] ?? {};
    const url = `${server.url}/v1/predictions/${p.id}`;
    return {
      id: p.id,
      model: p.model,
      version: 'a'.repeat(64),
      input: p.input,
      status: p.status,
      output: p.status === 'succeeded' ? model.output : null,
      error: p.status === 'failed' ? model.error : null,
      logs: '',
      source: 'api',
      data_removed: false,
      created_at: p.createdAt,
      ...(p.startedAt ? { started_at: p.startedAt } : {}),
      ...(p.completedAt ? { completed_at: p.completedAt } : {}),
      ...(p.status === 'succeeded' ? { metrics: { predict_time: 0.8, total_time: 1.1 } } : {}),
      ...(p.webhook ? { webhook: p.webhook, webhook_events_filter: p.webhookEvents } : {}),
      urls: { get: url, cancel: `${url}/cancel`, stream: `https://stream.replicate.com/v1/files/${p.id}` },
    };
  };
  const deliver = (p: Stored) => {
    if (!p.webhook || !p.webhookEvents?.includes('completed') || !options.webhookSecret) return;
    const body = JSON.stringify(view(p));
    const id = `msg_${p.id}_${deliveries.length + 1}`;
    const at = new Date();
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(options.webhookSecret).sign(id, at, body),
    };
    const delivery = { url: p.webhook, headers, body };
    deliveries.push(delivery);
    void send(delivery);
  };
  const end = (p: Stored, status?: string) => {
    if (terminal.has(p.status)) return;
    const model = options.models[p.model]!;
    p.status = status ?? (model.error ? 'failed' : 'succeeded');
    p.completedAt = new Date().toISOString();
    deliver(p);
  };
  const handler = (request: RecordedRequest): FakeReply | undefined => {
    const file = /^\/files\/(.+)$/.exec(request.path);
    if (file && request.method === 'GET') {
      const data = options.files[file[1]!];
      return data ? { status: 200, raw: data } : undefined;
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return problem(401, 'Unauthenticated', 'You did not pass a valid authentication token');
    }
    if (request.method === 'GET' && request.path === '/v1/webhooks/default/secret' && options.webhookSecret) {
      return { status: 200, body: { key: options.webhookSecret } };
    }
    const create = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && (create || request.path === '/v1/predictions')) {
      const body = request.body as { version?: string; input?: unknown; webhook?: string; webhook_events_filter?: string[] };
      if (!body || typeof body !== 'object' || typeof body.input !== 'object') {
        return problem(422, 'Input validation failed', 'input is required');
      }
      const model = create ? create[1]! : `version:${body.version}`;
      if (!options.models[model]) return problem(404, 'Not found', 'The requested resource could not be found.');
      const stored: Stored = {
        id: `p${predictions.size + 1}`,
        model,
        status: 'starting',
        polls: 0,
        input: body.input,
        createdAt: new Date().toISOString(),
        ...(body.webhook
          ? { webhook: body.webhook, webhookEvents: body.webhook_events_filter ?? ['start', 'output', 'logs', 'completed'] }
          : {}),
      };
      predictions.set(stored.id, stored);
      const { runMs, endless } = options.models[model]!;
      if (runMs !== undefined && !endless) setTimeout(() => end(stored), runMs).unref();
      return { status: 201, body: view(stored) };
    }
    const [listPath, query = ''] = request.path.split('?');
    if (request.method === 'GET' && listPath === '/v1/predictions') {
      const params = new URLSearchParams(query);
      const after = params.get('created_after');
      const before = params.get('created_before');
      const matching = [...predictions.values()]
        .filter(
          (p) => (!after || p.createdAt >= new Date(after).toISOString()) && (!before || p.createdAt < new Date(before).toISOString()),
        )
        .reverse();
      const start = Number(params.get('cursor') ?? 0);
      const page = matching.slice(start, start + 100);
      const rest = new URLSearchParams(params);
      rest.set('cursor', String(start + 100));
      return {
        status: 200,
        body: {
          previous: null,
          next: start + 100 < matching.length ? `${server.url}/v1/predictions?${rest.toString()}` : null,
          results: page.map(view),
        },
      };
    }
    const get = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(request.path);
    const stored = get ? predictions.get(get[1]!) : undefined;
    if (!stored) return get ? problem(404, 'Not found', 'The requested resource could not be found.') : undefined;
    if (get?.[2] && request.method === 'POST') {
      end(stored, 'canceled');
      return { status: 200, body: view(stored) };
    }
    if (request.method === 'GET' && !terminal.has(stored.status)) {
      stored.polls += 1;
      const model = options.models[stored.model]!;
      if (stored.polls === 1 || model.endless) {
        stored.status = 'processing';
        stored.startedAt ??= new Date().toISOString();
      } else end(stored);
    }
    return { status: 200, body: view(stored) };
  };
  server.handle(handler);
  return { predictions, handler, deliveries };
}
