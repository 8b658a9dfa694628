import { afterEach, describe, expect, it } from 'vitest';
import { LumenError, LumenJobFailedError, createLumenClient } from '../src/index.ts';
import type { Job } from '../src/index.ts';
import { json, startLocalServer } from './local-server.ts';
import type { Answer } from './local-server.ts';

const JOB_ID = '0b8f2c8e-8d5f-4f6e-9a57-5d2f1c3a4b6d';
const job = (status: string, extra: Partial<Job> = {}) => ({
  id: JOB_ID,
  service: 'image-generator',
  status,
  progress: status === 'succeeded' ? 1 : 0.4,
  params: { prompt: 'x' },
  cost: 1,
  engine: { kind: 'builtin', label: 'Built-in' },
  error: null,
  refunded: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  outputs: [],
  summary: null,
  canDownload: false,
  ...extra,
});
const sse = (...events: unknown[]) => events.map((data) => `event: job\ndata: ${JSON.stringify(data)}\n\n`).join('');

/** The events route answers with `events`; GET /jobs/{id} with a succeeded job. */
function server(events: Answer) {
  return startLocalServer([
    (request, response) =>
      request.url.endsWith('/events') ? events(request, response) : json(200, { success: true, data: job('succeeded') })(request, response),
  ]);
}
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('waitForJob against a local server', () => {
  it('a stream that goes silent is dropped for polling after streamIdleMs', async () => {
    const local = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse(job('running')));
      // …and nothing more, not even a ping.
    });
    close = local.close;
    const lumen = createLumenClient({ apiKey: 'sk_live_x', baseUrl: local.url, streamIdleMs: 300 });
    const started = performance.now();
    const statuses: string[] = [];
    const done = await lumen.waitForJob(JOB_ID, { pollIntervalMs: 50, onUpdate: (update) => statuses.push(update.status) });
    expect(done.status).toBe('succeeded');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(statuses).toEqual(['running', 'succeeded']);
    expect(local.seen.map((request) => request.url)).toEqual([`/api/v1/jobs/${JOB_ID}/events`, `/api/v1/jobs/${JOB_ID}`]);
  });

  it('a stream that ends before a final status hands over to polling', async () => {
    const local = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`: ping\n\n${sse(job('queued'), job('running'))}`);
    });
    close = local.close;
    const lumen = createLumenClient({ apiKey: 'sk_live_x', baseUrl: local.url });
    await expect(lumen.waitForJob(JOB_ID, { pollIntervalMs: 50 })).resolves.toMatchObject({ status: 'succeeded' });
    expect(local.seen.filter((request) => request.url === `/api/v1/jobs/${JOB_ID}`)).toHaveLength(1);
  });

  it('a failed job on the stream rejects with LumenJobFailedError without polling', async () => {
    const local = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(sse(job('running'), job('failed', { error: 'The engine gave up', refunded: true })));
    });
    close = local.close;
    const lumen = createLumenClient({ apiKey: 'sk_live_x', baseUrl: local.url });
    const error = await lumen.waitForJob(JOB_ID).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenJobFailedError);
    expect((error as LumenJobFailedError).job).toMatchObject({ status: 'failed', error: 'The engine gave up', refunded: true });
    expect((error as Error).message).toContain('The engine gave up');
    expect(local.seen).toHaveLength(1);
  });

  it('a status this SDK does not know rejects with a LumenError instead of waiting for ever', async () => {
    const cancelled = job('cancelled');
    const local = await startLocalServer([
      (request, response) => {
        if (!request.url.endsWith('/events')) return json(200, { success: true, data: cancelled })(request, response);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(sse(cancelled));
      },
    ]);
    close = local.close;
    const lumen = createLumenClient({ apiKey: 'sk_live_x', baseUrl: local.url });
    const error = await lumen.waitForJob(JOB_ID, { pollIntervalMs: 50, timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LumenError);
    expect((error as Error).message).toMatch(/"cancelled", which this SDK does not know/);
  });
});
