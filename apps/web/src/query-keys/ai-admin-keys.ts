import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { JobStatus } from '@lumen/core/jobs/schemas';
import { adminKeys } from './admin-keys.ts';

export type AdminJobsParams = {
  service?: ServiceKey;
  status?: JobStatus;
  userId?: string;
  search?: string;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  page: number;
  limit: number;
};

/** 'models' or 'garments': the two lists of the try-on catalogue (/admin/try-on/{kind}). */
export type TryOnCatalogueKind = 'models' | 'garments';

/** Query keys of the AI-services admin resources (jobs, try-on catalogue and statistics, introduction dialogs). */
export const aiAdminKeys = {
  jobLists: () => [...adminKeys.all, 'jobs'] as const,
  jobs: (query: AdminJobsParams) => [...aiAdminKeys.jobLists(), query] as const,
  job: (id: string) => [...adminKeys.all, 'job', id] as const,
  tryOnCatalogue: (kind: TryOnCatalogueKind) => [...adminKeys.all, 'try-on', kind] as const,
  tryOnStatistics: (range: { from?: string; to?: string }) => [...adminKeys.all, 'try-on', 'statistics', range] as const,
  introductionDialogs: () => [...adminKeys.all, 'introduction-dialogs'] as const,
};
