// @lumen/sdk: a typed client of the Lumen Studio API for API-key holders. README.md shows each helper.
export { createLumenClient, normalizeBaseUrl } from './client.ts';
export type { LumenClient, LumenClientOptions } from './client.ts';
export {
  LumenApiError,
  LumenAuthenticationError,
  LumenConflictError,
  LumenError,
  LumenInsufficientCreditsError,
  LumenJobFailedError,
  LumenNetworkError,
  LumenNotFoundError,
  LumenPermissionError,
  LumenRateLimitError,
  LumenWaitCancelledError,
  LumenWaitTimeoutError,
} from './errors.ts';
export { defaultRetryPolicy } from './retry.ts';
export type { FetchLike, RetryPolicy } from './retry.ts';
export { parseRetryAfter } from './retry-after.ts';
export type { CreateJobArgs, CreateJobOptions } from './jobs.ts';
export type { WaitForJobOptions } from './wait-for-job.ts';
export type { UploadInputOptions } from './uploads.ts';
export type { DownloadOutputOptions, DownloadedFile } from './downloads.ts';
export type {
  CreateJobBody,
  CreditBalance,
  DownloadLink,
  ErrorCode,
  FailureEnvelope,
  FieldIssue,
  Job,
  JobFiles,
  JobOutput,
  JobParams,
  JobStatus,
  ServiceEntry,
  ServiceKey,
  Upload,
  UploadPurpose,
} from './types.ts';
export type { components, paths } from './generated/openapi.ts';
