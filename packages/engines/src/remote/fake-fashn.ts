import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';

export type FakeFashnModel = { output?: string[]; error?: { name: string; message: string }; endless?: boolean };

type Stored = { id: string; model: string; polls: number; status: string; webhook: string | null };

/**
 * Speaks FASHN's API on a fake server: POST /v1/run {model_name, inputs} with a bearer key answers
 * {id, error: null}; each GET /v1/status/{id} moves the prediction starting → in_queue → processing →
 * completed (with `output` URLs) or failed (with `error`). Unknown models answer 400 with an error.
 */
export function serveFashn(
  server: FakeServer,
  options: { key: string; models: Record<string, FakeFashnModel>; files: Record<string, Buffer> },
) {
  const predictions = new Map<string, Stored>();
  const order = ['starting', 'in_queue', 'processing'];
  const handler = (request: RecordedRequest): FakeReply | undefined => {
    const [path, query = ''] = request.path.split('?');
    const file = /^\/files\/(.+)$/.exec(path!);
    if (file && request.method === 'GET') return options.files[file[1]!] ? { status: 200, raw: options.files[file[1]!] } : undefined;
    if (request.headers.authorization !== `Bearer ${options.key}`)
      return { status: 401, body: { error: 'UnauthorizedAccess', message: 'Invalid API key' } };
    if (request.method === 'POST' && path === '/v1/run') {
      const body = request.body as { model_name?: string; inputs?: unknown };
      if (!body.model_name || !options.models[body.model_name]) {
        return { status: 400, body: { error: 'BadRequest', message: `Unknown model_name ${body.model_name}` } };
      }
      const id = `123a87r9-4129-4bb3-be18-9c9fb5bd7fc${predictions.size + 1}-u1`;
      predictions.set(id, {
        id,
        model: body.model_name,
        polls: 0,
        status: 'starting',
        webhook: new URLSearchParams(query).get('webhook_url'),
      });
      return { status: 200, body: { id, error: null } };
    }
    const status = /^\/v1\/status\/([^/]+)$/.exec(path!);
    const stored = status ? predictions.get(status[1]!) : undefined;
    if (!stored) return status ? { status: 404, body: { error: 'NotFound', message: 'Prediction not found' } } : undefined;
    const model = options.models[stored.model]!;
    stored.polls += 1;
    if (stored.polls < order.length || model.endless) stored.status = order[Math.min(stored.polls, order.length - 1)]!;
    else stored.status = model.error ? 'failed' : 'completed';
    return {
      status: 200,
      body: {
        id: stored.id,
        status: stored.status,
        ...(stored.status === 'completed' ? { output: model.output } : {}),
        error: stored.status === 'failed' ? model.error : null,
      },
    };
  };
  server.handle(handler);
  return { predictions, handler };
}
