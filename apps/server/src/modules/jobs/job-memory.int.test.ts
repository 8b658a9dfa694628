import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { builtinEngines, registryOf } from '@lumen/engines';
import type { AnyEngine, EngineFile } from '@lumen/engines';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { registerUser } from '../../test/http-helpers.ts';
import { jobs } from './tables.ts';
import { fastWorker, noisePng, submitJob, uploadFile } from '../../test/job-helpers.ts';

// A collection on demand without starting the test process with --expose-gc: the flag set now exposes `gc` in
// contexts made after it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Every input and output buffer of a job, counted until the garbage collector frees it. */
let tracked = 0;
let trackedBytes = 0;
let freed = 0;
const liveBuffers = new FinalizationRegistry<null>(() => {
  freed += 1;
});
function track(file: EngineFile | undefined): void {
  if (!file) return;
  tracked += 1;
  trackedBytes += file.data.length;
  liveBuffers.register(file.data, null);
}

/** The real built-in engines, each run's inputs and outputs counted. */
const countedEngines = Object.fromEntries(
  Object.entries(builtinEngines).map(([service, engine]) => [
    service,
    {
      ...engine,
      run: async (input, context) => {
        Object.values(input.files).forEach(track);
        const result = await engine.run(input, context);
        for (const file of result.files) {
          track(file);
          track(file.preview);
        }
        return result;
      },
    } satisfies AnyEngine,
  ]),
) as Record<ServiceKey, AnyEngine>;

async function settle(): Promise<{ arrayBuffers: number; external: number; live: number }> {
  for (let round = 0; round < 3; round += 1) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 50)); // finalisation callbacks run after the collection
  }
  const { arrayBuffers, external } = process.memoryUsage();
  return { arrayBuffers, external, live: tracked - freed };
}

const transcript = [
  'Seller: Thanks for joining. What are you using today for your reporting?',
  'Buyer: Spreadsheets mostly. Honestly the price of your tool worries me.',
  'Seller: Understood. Many teams save ten hours a week, which pays for it. Shall we book a demo next Tuesday?',
  'Buyer: Yes, Tuesday works. Send me the proposal before then.',
].join('\n');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Issue 40: the worker kept every finished job's output buffers (1.5 MB a job) alive. Jobs of every built-in service
 * run through the worker; once they are done and collected, their buffers must be gone and external memory back near
 * where it started.
 */
describe('the memory of finished jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ jobs: { runWorker: true, engines: registryOf(countedEngines), worker: fastWorker } });
  });
  afterAll(async () => t.close());

  it('is released: live buffers and external memory return near where they started', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 100_000);
    const token = user.accessToken;
    const upload = async (name: string, data: Buffer, purpose: string) =>
      (await uploadFile(t.app, token, { name, type: 'image/png', data }, { purpose })).json().data.id as string;
    // A photo of a person: the AI background's subject and the try-on's model.
    const photo = await readFile(
      new URL('../../../../../packages/engines/src/virtual-try-on/fixtures/standing-hands-clasped.jpg', import.meta.url),
    );
    const person = (await uploadFile(t.app, token, { name: 'person.jpg', type: 'image/jpeg', data: photo }, { purpose: 'image' })).json()
      .data.id as string;
    const image = person;
    const garment = await upload('garment.png', await noisePng(120, 120), 'image');
    // Small parameters; the count of each service fits the test's time on two shared cores.
    const jobsOf: { service: ServiceKey; params: Record<string, unknown>; files: Record<string, string>; count: number }[] = [
      { service: 'image-generator', params: { prompt: 'a red fox in a snowy forest', aspectRatio: '1:1' }, files: {}, count: 20 },
      { service: 'sound-generator', params: { prompt: 'rain on a tin roof', durationSeconds: 1 }, files: {}, count: 20 },
      { service: 'sales-pilot', params: { text: transcript }, files: {}, count: 30 },
      { service: 'ai-background', params: { mode: 'color', color: '#336699' }, files: { image }, count: 12 },
      { service: 'virtual-try-on', params: { category: 'top', consentToLikeness: true }, files: { person, garment }, count: 6 },
      { service: 'speedpainting', params: { durationSeconds: 5, resolution: '480p', style: 'sketch' }, files: { image }, count: 2 },
    ];
    const seconds: Partial<Record<ServiceKey, number>> = {};
    const runAll = async (times: (count: number) => number) => {
      for (const job of jobsOf) {
        const startedAt = Date.now();
        for (let n = 0; n < times(job.count); n += 1) {
          const response = await submitJob(t.app, token, { service: job.service, params: job.params, files: job.files });
          expect(response.statusCode, response.body).toBe(201);
        }
        await t.app.jobWorker!.idle();
        seconds[job.service] = (Date.now() - startedAt) / 1000;
      }
    };

    // One job of each first: engines, models and encoders loaded once are not what this test looks for.
    await runAll(() => 1);
    const before = await settle();
    const trackedBefore = tracked;
    const bytesBefore = trackedBytes;
    await runAll((count) => count);
    const after = await settle();

    const made = tracked - trackedBefore;
    const figures = {
      jobs: jobsOf.reduce((sum, job) => sum + job.count, 0),
      buffers: made,
      bufferBytes: mb(trackedBytes - bytesBefore),
      seconds,
      liveBefore: before.live,
      liveAfter: after.live,
      arrayBuffers: `${mb(before.arrayBuffers)} → ${mb(after.arrayBuffers)}`,
      external: `${mb(before.external)} → ${mb(after.external)}`,
    };
    console.log('job memory', figures);
    const notDone = await t.database.db.select({ status: jobs.status, error: jobs.error }).from(jobs).where(ne(jobs.status, 'succeeded'));
    expect(notDone).toEqual([]);
    // At most 2 % of the jobs' buffers still alive (a few jobs' worth: the last runs may still be referenced).
    expect(after.live - before.live, JSON.stringify(figures)).toBeLessThanOrEqual(Math.ceil(made * 0.02));
    // External memory and array buffers back near where they started: grown by at most a tenth of what the jobs' buffers
    // held (the engines' WebAssembly heaps and models, loaded before, make the starting figure large).
    const bytes = trackedBytes - bytesBefore;
    expect((after.external - before.external) / bytes, JSON.stringify(figures)).toBeLessThan(0.1);
    expect((after.arrayBuffers - before.arrayBuffers) / bytes, JSON.stringify(figures)).toBeLessThan(0.1);
  }, 900_000);
});
