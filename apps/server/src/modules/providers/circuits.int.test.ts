import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerHealthSchema } from '@lumen/core/admin/providers';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer } from '../../test/http-helpers.ts';
import { createPostgresCircuits, createRedisCircuits } from './circuits.ts';
import type { SharedCircuits } from '../jobs/index.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// The test's steps must each land within one open period, which is also how long a trial call holds the circuit: with
// 400 ms, a loaded CI run once handed the twenty parallel callers below two trials (most likely the second wave of ten,
// queued behind the pool's ten connections, asked after the first trial's hold had passed).
const OPEN_FOR_MS = 1_500;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: false } });
});
afterAll(async () => {
  await t.close();
});

/** Two processes' breakers over one store: each its own instance (and connection), nothing shared in memory. */
const backends: [string, (prefix: string) => Promise<SharedCircuits>][] = [
  ['PostgreSQL', async (prefix) => createPostgresCircuits(t.database.db, { prefix, openForMs: OPEN_FOR_MS })],
  ['Redis', (prefix) => createRedisCircuits({ url: REDIS_URL, prefix, openForMs: OPEN_FOR_MS })],
];

describe.each(backends)('circuit breakers shared in %s', (_name, open) => {
  it('opens for every process after three failures in a row seen by any of them, lets one trial through, and closes on its success', async () => {
    const prefix = `test:${randomUUID()}:`;
    const [api, worker] = await Promise.all([open(prefix), open(prefix)]);
    try {
      await worker.failed('fal');
      await api.failed('fal');
      expect(await api.isOpen('fal')).toBe(false);
      await worker.failed('fal');
      // The third failure came from the worker: the API process sees the circuit open.
      expect(await api.isOpen('fal')).toBe(true);
      expect(await worker.isOpen('replicate')).toBe(false);
      expect(await api.states()).toEqual([
        expect.objectContaining({ provider: 'fal', failures: 3, open: true, openUntil: expect.any(String) }),
      ]);

      await new Promise((resolve) => setTimeout(resolve, OPEN_FOR_MS + 100));
      // After the open period, of twenty callers in two processes exactly one gets the trial call.
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? api : worker).isOpen('fal')));
      expect(answers.filter((isOpen) => !isOpen)).toHaveLength(1);
      await api.succeeded('fal');
      expect(await worker.isOpen('fal')).toBe(false);
      expect(await worker.states()).toEqual([
        expect.objectContaining({ provider: 'fal', failures: 0, open: false, lastSuccessAt: expect.any(String) }),
      ]);

      // A failed trial opens it again for everyone.
      for (let failure = 0; failure < 3; failure += 1) await worker.failed('fal');
      await new Promise((resolve) => setTimeout(resolve, OPEN_FOR_MS + 100));
      expect(await api.isOpen('fal')).toBe(false);
      await api.failed('fal');
      expect(await worker.isOpen('fal')).toBe(true);
    } finally {
      await Promise.all([api.close(), worker.close()]);
    }
  });
});

it('shows on the admin’s providers page a circuit another process opened', async () => {
  // Another process on this database (its own instance, the default key prefix the app uses).
  const other = createPostgresCircuits(t.database.db);
  for (let failure = 0; failure < 3; failure += 1) await other.failed('replicate');
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers', headers: bearer(await adminAccessToken(t.app)) });
  expect(response.statusCode).toBe(200);
  const health = providerHealthSchema.parse(response.json().data);
  expect(health.circuits).toEqual([expect.objectContaining({ provider: 'replicate', failures: 3, open: true })]);
  expect(await t.app.providerCircuits.isOpen('replicate')).toBe(true);
});
