import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';

export type FakeModel = {
  /** The prediction's output once it succeeds (URLs under `${server.url}/files/…` are served from `files`). */
  output?: unknown;
  /** The prediction fails with this error instead. */
  error?: string;
  /** Never leaves 'processing' (for abort tests). */
  endless?: boolean;
};

type Stored = { id: string; model: string; status: string; polls: number; input: unknown; webhook?: string; webhookEvents?: string[] };

/**
 * Speaks Replicate's predictions API on a fake server: POST /v1/models/{owner}/{name}/predictions and
 * POST /v1/predictions create a prediction ('starting'); each GET /v1/predictions/{id} moves it to
 * 'processing', then 'succeeded' with the model's output (or 'failed'); POST …/cancel cancels it.
 * GET /files/{name} serves output files; GET /v1/webhooks/default/secret the account's signing
 * secret. Requests without the bearer token get 401.
 */
export function serveReplicate(
  server: FakeServer,
  options: { token: string; models: Record<string, FakeModel>; files: Record<string, Buffer>; webhookSecret?: string },
) {
  const predictions = new Map<string, Stored>();
  const view = (p: Stored): FakeReply['body'] => {
    const model = options.models[p.model] ?? {};
    return {
      id: p.id,
      model: p.model,
      version: 'a'.repeat(64),
      input: p.input,
      status: p.status,
      output: p.status === 'succeeded' ? model.output : null,
      error: p.status === 'failed' ? model.error : null,
      logs: '',
      urls: { get: `${server.url}/v1/predictions/${p.id}`, cancel: `${server.url}/v1/predictions/${p.id}/cancel` },
    };
  };
  const handler = (request: RecordedRequest): FakeReply | undefined => {
    const file = /^\/files\/(.+)$/.exec(request.path);
    if (file && request.method === 'GET') {
      const data = options.files[file[1]!];
      return data ? { status: 200, raw: data } : undefined;
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return { status: 401, body: { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 } };
    }
    if (request.method === 'GET' && request.path === '/v1/webhooks/default/secret' && options.webhookSecret) {
      return { status: 200, body: { key: options.webhookSecret } };
    }
    const create = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && (create || request.path === '/v1/predictions')) {
      const body = request.body as { version?: string; input?: unknown; webhook?: string; webhook_events_filter?: string[] };
      const model = create ? create[1]! : `version:${body.version}`;
      if (!options.models[model])
        return { status: 404, body: { title: 'Not found', detail: 'The requested resource could not be found.', status: 404 } };
      const stored: Stored = {
        id: `p${predictions.size + 1}`,
        model,
        status: 'starting',
        polls: 0,
        input: body.input,
        ...(body.webhook
          ? { webhook: body.webhook, webhookEvents: body.webhook_events_filter ?? ['start', 'output', 'logs', 'completed'] }
          : {}),
      };
      predictions.set(stored.id, stored);
      return { status: 201, body: view(stored) };
    }
    const get = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(request.path);
    const stored = get ? predictions.get(get[1]!) : undefined;
    if (!stored) return undefined;
    if (get?.[2] && request.method === 'POST') {
      stored.status = 'canceled';
      return { status: 200, body: view(stored) };
    }
    if (request.method === 'GET' && (stored.status === 'starting' || stored.status === 'processing')) {
      stored.polls += 1;
      const model = options.models[stored.model]!;
      if (stored.polls === 1 || model.endless) stored.status = 'processing';
      else stored.status = model.error ? 'failed' : 'succeeded';
    }
    return { status: 200, body: view(stored) };
  };
  server.handle(handler);
  return { predictions, handler };
}
