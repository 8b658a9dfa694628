import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineContext } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { serveReplicate } from './fake-replicate.ts';
import { defaultModels } from './model-licences.ts';
import { deadlineMsOf, providerDeadlines, unknownModelDeadlineMs } from './provider-deadlines.ts';
import { runOnQueue } from './provider-queue.ts';
import { createReplicateQueue } from './replicate-client.ts';

const MINUTE = 60_000;

describe('deadlines per provider and model', () => {
  it('every default provider and model has one, at least five times its typical run time, with its source', () => {
    for (const entry of defaultModels) {
      const deadline = providerDeadlines.find(({ provider, model }) => provider === entry.provider && model === entry.model);
      expect(deadline, `${entry.provider} ${entry.model}`).toBeDefined();
      expect(deadline!.source).toMatch(/^https:\/\//);
      expect(deadline!.deadlineMs, `${entry.provider} ${entry.model}`).toBeGreaterThanOrEqual(5 * deadline!.typicalSeconds * 1000);
      expect(deadlineMsOf(entry.provider, entry.model)).toBe(deadline!.deadlineMs);
    }
  });

  it('gives video models minutes (10 or more), and a model nobody listed the most a queued provider allows', () => {
    for (const entry of defaultModels.filter(({ service }) => service === 'speedpainting')) {
      expect(deadlineMsOf(entry.provider, entry.model), entry.model).toBeGreaterThanOrEqual(10 * MINUTE);
    }
    expect(deadlineMsOf('fal', 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video')).toBe(15 * MINUTE);
    expect(deadlineMsOf('replicate', 'someone/new-video-model')).toBe(15 * MINUTE);
    expect(unknownModelDeadlineMs('openai')).toBe(3 * MINUTE);
    // A dated OpenAI snapshot takes its model's deadline.
    expect(deadlineMsOf('openai', 'gpt-4o-mini-2024-07-18')).toBe(deadlineMsOf('openai', 'gpt-4o-mini'));
  });
});

describe('a queued request held to its deadline', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(() => server.close());

  it('past its deadline a request that never ends is cancelled once and the run fails saying so: one create', async () => {
    serveReplicate(server, { token: 't', models: { 'slow/video': { endless: true } }, files: {} });
    const client = createReplicateQueue(
      {
        apiToken: 't',
        baseUrl: server.url,
        http: { provider: 'Replicate', timeoutMs: 1000, retries: 1, baseDelayMs: 5, maxDelayMs: 50 },
        pollIntervalMs: 20,
      },
      'slow/video',
    );
    const ended: string[] = [];
    const context: EngineContext = {
      signal: new AbortController().signal,
      onProgress: () => undefined,
      requests: { existing: null, submitted: async () => undefined, ended: async (_request, state) => void ended.push(state ?? 'ended') },
    };
    const startedAt = Date.now();
    const error = (await runOnQueue(client, { prompt: 'x' }, context, 20, 300).catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ transient: false });
    expect(error.message).toBe(
      "The Replicate request took longer than 0.3 seconds, far beyond its model's usual run time, and was stopped",
    );
    // Stopped at the request's deadline (0.3 s), long before the job's (none here) or the unknown model's 15 minutes.
    expect(Date.now() - startedAt).toBeLessThan(5000);
    await expect.poll(() => server.requests.filter((r) => r.path.endsWith('/cancel')).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'))).toHaveLength(1);
    expect(server.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
    expect(ended).toEqual(['cancelled']);
  });
});
