import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Job } from '@lumen/core/jobs/schemas';
import type { Db } from '../db/database.ts';
import { jobs } from '../modules/jobs/tables.ts';
import type { JobWorkerOptions } from '../modules/jobs/job-worker.ts';
import { bearer, multipartFile } from './http-helpers.ts';

/** Fast timings for tests: the worker polls often and retries at once. */
export const fastWorker: Partial<JobWorkerOptions> = {
  pollIntervalMs: 20,
  heartbeatIntervalMs: 200,
  progressThrottleMs: 0,
  backoffMs: () => 10,
  shutdownTimeoutMs: 2_000,
};

/** A noisy RGB PNG (noise keeps it from compressing to nothing). */
export async function noisePng(width = 128, height = 96): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a few hundred bytes that claim width × height pixels (grey, 8-bit). */
export function bombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const firstRows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function uploadFile(
  app: FastifyInstance,
  token: string,
  file: { name: string; type: string; data: Buffer },
  extra: { purpose?: string; headers?: Record<string, string> } = {},
) {
  const { payload, headers } = multipartFile('file', file.name, file.type, file.data);
  const body = extra.purpose
    ? Buffer.concat([
        Buffer.from(
          `--${headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${extra.purpose}\r\n`,
        ),
        payload,
      ])
    : payload;
  return app.inject({ method: 'POST', url: '/api/v1/uploads', payload: body, headers: { ...headers, ...bearer(token), ...extra.headers } });
}

export async function submitJob(app: FastifyInstance, token: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    payload: body as Record<string, unknown>,
    headers: { ...bearer(token), ...headers },
  });
}

export const salesPilotJob = {
  service: 'sales-pilot',
  params: { text: 'Seller: Hello, how are you today? Buyer: Fine, but the price is too high for us.' },
  files: {},
};

/** Polls GET /jobs/{id} until the job has a final status. */
export async function waitForJob(app: FastifyInstance, token: string, id: string, timeoutMs = 15_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers: bearer(token) });
    const job = response.json().data as Job;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Makes a job look held, on its second run, by a worker that died a minute ago (the sweeper's case), with extra columns. */
export async function holdByDeadWorker(db: Db, jobId: string, extra: Partial<typeof jobs.$inferInsert> = {}): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: 2,
      workerId: 'dead-worker',
      startedAt: sql`now()`,
      heartbeatAt: sql`now() - interval '1 minute'`,
      ...extra,
    })
    .where(eq(jobs.id, jobId));
}

/** Polls `check` every 20 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
