import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { LumenContext } from './context.ts';
import { getBalance } from './credits.ts';
import { downloadOutput } from './downloads.ts';
import type { DownloadOutputOptions, DownloadedFile } from './downloads.ts';
import type { paths } from './generated/openapi.ts';
import { cancelJob, createJob, getJob } from './jobs.ts';
import type { CreateJobArgs } from './jobs.ts';
import { resolveRetryPolicy, withRetries } from './retry.ts';
import type { FetchLike, RetryPolicy } from './retry.ts';
import type { CreditBalance, Job, JobParams, ServiceKey, Upload } from './types.ts';
import { uploadInput } from './uploads.ts';
import type { UploadInputOptions } from './uploads.ts';
import { waitForJob } from './wait-for-job.ts';
import type { WaitForJobOptions } from './wait-for-job.ts';

export type LumenClientOptions = {
  /** An API key (sk_live_…) from Settings › API keys; sent as X-API-Key. */
  apiKey: string;
  /** The server's address, e.g. https://lumen.example (a trailing /api/v1 is accepted). */
  baseUrl: string;
  /** The fetch to use (tests, proxies, another runtime); globalThis.fetch by default. */
  fetch?: FetchLike | undefined;
  /** Retries after the first attempt (0 turns them off; default 3), or the policy field by field. */
  retries?: number | Partial<RetryPolicy> | undefined;
  /** How long a job's event stream may stay silent before waitForJob polls instead (default 45 s; the server pings every 15 s). */
  streamIdleMs?: number | undefined;
};

export type LumenClient = {
  /** The typed openapi-fetch client underneath (API key and retries included), for any other call. */
  api: Client<paths>;
  createJob<Service extends ServiceKey>(service: Service, params: JobParams<Service>, ...options: CreateJobArgs<Service>): Promise<Job>;
  getJob(jobId: string, options?: { signal?: AbortSignal | undefined }): Promise<Job>;
  /** Stops a job that has not finished; it ends failed, its credits refunded (LumenConflictError once it has finished). */
  cancelJob(jobId: string, options?: { signal?: AbortSignal | undefined }): Promise<Job>;
  waitForJob(jobId: string, options?: WaitForJobOptions): Promise<Job>;
  uploadInput(file: Blob | Uint8Array, filename: string, contentType?: string, options?: UploadInputOptions): Promise<Upload>;
  downloadOutput(job: string | Pick<Job, 'id'>, options?: DownloadOutputOptions): Promise<DownloadedFile>;
  getBalance(options?: { signal?: AbortSignal | undefined }): Promise<CreditBalance>;
};

const API_PREFIX = '/api/v1';

/** `https://lumen.example/api/v1/` → `https://lumen.example` (the generated paths start with /api/v1). */
export function normalizeBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  return `${url.origin}${path}`;
}

export function createLumenClient(options: LumenClientOptions): LumenClient {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') throw new TypeError('createLumenClient: apiKey is required');
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const baseFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const fetch = withRetries(baseFetch, resolveRetryPolicy(options.retries));
  const api = createClient<paths>({ baseUrl, fetch, headers: { 'x-api-key': options.apiKey.trim() } });
  const ctx: LumenContext = { api, baseUrl, fetch, streamIdleMs: options.streamIdleMs ?? 45_000 };
  return {
    api,
    createJob: (service, params, ...[jobOptions]) => createJob(ctx, service, params, jobOptions),
    getJob: (jobId, getOptions) => getJob(ctx, jobId, getOptions),
    cancelJob: (jobId, cancelOptions) => cancelJob(ctx, jobId, cancelOptions),
    waitForJob: (jobId, waitOptions) => waitForJob(ctx, jobId, waitOptions),
    uploadInput: (file, filename, contentType, uploadOptions) => uploadInput(ctx, file, filename, contentType, uploadOptions),
    downloadOutput: (job, downloadOptions) => downloadOutput(ctx, job, downloadOptions),
    getBalance: (balanceOptions) => getBalance(ctx, balanceOptions),
  };
}
