import { dataOf, newIdempotencyKey } from './context.ts';
import type { LumenContext } from './context.ts';
import type { CreateJobBody, Job, JobFiles, JobParams, ServiceKey } from './types.ts';

export type CreateJobOptions<Service extends ServiceKey = ServiceKey> = {
  /**
   * Sent as Idempotency-Key: the server answers a repeated key with the job it already made (no second
   * charge), which is what makes retrying a submission safe. A fresh UUID per call by default; pass
   * your own (an order id, say) to make resubmitting after a crash safe too.
   */
  idempotencyKey?: string | undefined;
  /** Input files: field name → upload id from uploadInput (`{ image: upload.id }`); the service's own field names. */
  files?: JobFiles<Service> | undefined;
  signal?: AbortSignal | undefined;
};

/**
 * createJob's options: optional for a service that needs no upload, required with its `files` for one that does
 * (AI background's and speedpainting's image), as the document requires them.
 */
export type CreateJobArgs<Service extends ServiceKey> =
  Record<never, never> extends JobFiles<Service>
    ? [options?: CreateJobOptions<Service>]
    : [options: CreateJobOptions<Service> & { files: JobFiles<Service> }];

/** POST /api/v1/jobs: charges the service's cost and queues the job; resolves with it (status 'queued'). */
export function createJob<Service extends ServiceKey>(
  ctx: LumenContext,
  service: Service,
  params: JobParams<Service>,
  options: CreateJobOptions<Service> = {},
): Promise<Job> {
  // TypeScript cannot tie a generic service to its member of the union; the signature above already does.
  const body = { service, params, files: options.files ?? {} } as CreateJobBody;
  return dataOf(
    ctx.api.POST('/api/v1/jobs', {
      body,
      params: { header: { 'idempotency-key': options.idempotencyKey ?? newIdempotencyKey() } },
      signal: options.signal,
    }),
  );
}

/** POST /api/v1/jobs/{id}/cancel: the job fails with its credits refunded; LumenConflictError once it has finished. */
export function cancelJob(ctx: LumenContext, jobId: string, options: { signal?: AbortSignal | undefined } = {}): Promise<Job> {
  return dataOf(ctx.api.POST('/api/v1/jobs/{id}/cancel', { params: { path: { id: jobId } }, signal: options.signal }));
}

/** GET /api/v1/jobs/{id}. */
export function getJob(ctx: LumenContext, jobId: string, options: { signal?: AbortSignal | undefined } = {}): Promise<Job> {
  return dataOf(ctx.api.GET('/api/v1/jobs/{id}', { params: { path: { id: jobId } }, signal: options.signal }));
}
