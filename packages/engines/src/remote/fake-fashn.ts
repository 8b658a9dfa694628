import { postWebhook } from './fake-provider-server.ts';
import type { FakeReply, FakeServer, RecordedRequest, WebhookDelivery, WebhookPoster } from './fake-provider-server.ts';

export type FakeFashnModel = {
  output?: string[];
  error?: { name: string; message: string };
  endless?: boolean;
  /** The prediction ends this long after /v1/run even if nobody reads it; else after three status reads. */
  runMs?: number;
  /** The API credits a completed prediction used: its status answers' `x-fashn-credits-used` header (FASHN's REST API); 1 when absent. */
  creditsUsed?: number;
};

type Stored = { id: string; model: string; polls: number; status: string; webhook: string | null };

const ended = (status: string) => status === 'completed' || status === 'failed';

/**
 * Speaks FASHN's API (docs.fashn.ai: API fundamentals, error handling, webhooks) on a fake server: POST /v1/run
 * {model_name, inputs} with a bearer key answers {id, error: null}; each GET /v1/status/{id} moves the prediction
 * starting → in_queue → processing → completed (with `output` URLs) or failed (with `error` {name, message}), or
 * `runMs` after the run. With `?webhook_url=` the ended prediction (the status answer) is POSTed there, unsigned, as
 * FASHN does. Errors before a prediction exists are {error, message}: 401 UnauthorizedAccess, 400 BadRequest, 404
 * NotFound. A prediction FASHN no longer tracks (`forget(id)`, as FASHN does after a while) answers its status read
 * with 404 NotFound and a message saying so. FASHN documents no cancel endpoint, so none is served.
 */
export function serveFashn(
  server: FakeServer,
  options: { key: string; models: Record<string, FakeFashnModel>; files: Record<string, Buffer>; postWebhook?: WebhookPoster },
) {
  const predictions = new Map<string, Stored>();
  const forgotten = new Set<string>();
  const deliveries: WebhookDelivery[] = [];
  const send = options.postWebhook ?? postWebhook;
  const order = ['starting', 'in_queue', 'processing'];
  const view = (stored: Stored) => {
    const model = options.models[stored.model]!;
    return {
      id: stored.id,
      status: stored.status,
      ...(stored.status === 'completed' ? { output: model.output } : {}),
      error: stored.status === 'failed' ? model.error : null,
    };
  };
  const end = (stored: Stored) => {
    if (ended(stored.status)) return;
    stored.status = options.models[stored.model]!.error ? 'failed' : 'completed';
    if (!stored.webhook) return;
    const delivery = { url: stored.webhook, headers: {}, body: JSON.stringify(view(stored)) };
    deliveries.push(delivery);
    void send(delivery);
  };
  const handler = (request: RecordedRequest): FakeReply | undefined => {
    const [path, query = ''] = request.path.split('?');
    const file = /^\/files\/(.+)$/.exec(path!);
    if (file && request.method === 'GET') return options.files[file[1]!] ? { status: 200, raw: options.files[file[1]!] } : undefined;
    if (request.headers.authorization !== `Bearer ${options.key}`)
      return { status: 401, body: { error: 'UnauthorizedAccess', message: 'Unauthorized: Invalid token' } };
    if (request.method === 'POST' && path === '/v1/run') {
      const body = request.body as { model_name?: string; inputs?: unknown };
      if (!body?.model_name || !options.models[body.model_name] || typeof body.inputs !== 'object') {
        return { status: 400, body: { error: 'BadRequest', message: `Unknown model_name ${body?.model_name} or no inputs` } };
      }
      const id = `123a87r9-4129-4bb3-be18-9c9fb5bd7fc${predictions.size + 1}-u1`;
      const stored: Stored = {
        id,
        model: body.model_name,
        polls: 0,
        status: 'starting',
        webhook: new URLSearchParams(query).get('webhook_url'),
      };
      predictions.set(id, stored);
      const { runMs, endless } = options.models[body.model_name]!;
      if (runMs !== undefined && !endless) setTimeout(() => end(stored), runMs).unref();
      return { status: 200, body: { id, error: null } };
    }
    const status = /^\/v1\/status\/([^/]+)$/.exec(path!);
    const stored = status ? predictions.get(status[1]!) : undefined;
    if (status && forgotten.has(status[1]!)) {
      return { status: 404, body: { error: 'NotFound', message: 'The requested prediction status is no longer tracked' } };
    }
    if (!stored) return status ? { status: 404, body: { error: 'NotFound', message: 'Prediction not found' } } : undefined;
    if (!ended(stored.status)) {
      const model = options.models[stored.model]!;
      stored.polls += 1;
      if (stored.polls < order.length || model.endless) stored.status = order[Math.min(stored.polls, order.length - 1)]!;
      else end(stored);
    }
    // FASHN reports the credits used in a header of the status answer; a failed prediction costs nothing.
    const creditsUsed = stored.status === 'completed' ? (options.models[stored.model]!.creditsUsed ?? 1) : 0;
    return { status: 200, headers: { 'x-fashn-credits-used': String(creditsUsed) }, body: view(stored) };
  };
  server.handle(handler);
  /** FASHN stops tracking the prediction: its status reads answer 404 from now on. */
  const forget = (id: string) => {
    predictions.delete(id);
    forgotten.add(id);
  };
  return { predictions, handler, deliveries, forget };
}
