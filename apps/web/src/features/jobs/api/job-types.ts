import type { JobStatus, TryOnGarment, TryOnModel } from '@lumen/core/jobs/schemas';
import { finalJobStatuses } from '@lumen/core/jobs/schemas';

/** The jobs contract's types (docs/api/jobs-contract.md), from the core schemas the server uses. */
export type {
  CreateJobBody,
  EngineInfo,
  IntroductionDialog,
  Job,
  JobInput,
  JobListItem,
  JobOutput,
  JobStatus,
  OutputKind,
  ServiceEngine,
  ServiceEntry as ServiceInfo,
  ServiceFile,
  Upload,
} from '@lumen/core/jobs/schemas';
export { jobStatuses } from '@lumen/core/jobs/schemas';

export type Paginated<T> = { items: T[]; page: number; limit: number; total: number; totalPages: number };

/** An admin-managed try-on model or garment. */
export type CatalogueItem = TryOnModel | TryOnGarment;

export const isFinalStatus = (status: JobStatus): boolean => finalJobStatuses.includes(status);
