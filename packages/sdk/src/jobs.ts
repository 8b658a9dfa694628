import { dataOf, newIdempotencyKey } from './context.ts';
import type { LumenContext } from './context.ts';
import type { CreateJobBody, Job, ServiceKey } from './types.ts';

export type CreateJobOptions = {
  /**
   * Sent as Idempotency-Key: the server answers a repeated key with the job it already made (no second
   * charge), which is what makes retrying a submission safe. A fresh UUID per call by default; pass
   * your own (an order id, say) to make resubmitting after a crash safe too.
   */
  idempotencyKey?: string;
  /** Input files: field name → upload id from uploadInput (`{ image: upload.id }`). */
  files?: CreateJobBody['files'];
  signal?: AbortSignal;
};

/** POST /api/v1/jobs: charges the service's cost and queues the job; resolves with it (status 'queued'). */
export function createJob(
  ctx: LumenContext,
  service: ServiceKey,
  params: CreateJobBody['params'] = {},
  options: CreateJobOptions = {},
): Promise<Job> {
  return dataOf(
    ctx.api.POST('/api/v1/jobs', {
      body: { service, params, files: options.files ?? {} },
      params: { header: { 'idempotency-key': options.idempotencyKey ?? newIdempotencyKey() } },
      signal: options.signal,
    }),
  );
}

/** GET /api/v1/jobs/{id}. */
export function getJob(ctx: LumenContext, jobId: string, options: { signal?: AbortSignal } = {}): Promise<Job> {
  return dataOf(ctx.api.GET('/api/v1/jobs/{id}', { params: { path: { id: jobId } }, signal: options.signal }));
}
