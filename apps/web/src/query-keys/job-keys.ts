import type { ServiceKey } from '@lumen/core/services/catalogue';

export type JobListParams = { service?: ServiceKey | ''; status?: string; search?: string; page: number; limit: number };

/** Query keys of the jobs resource. */
export const jobKeys = {
  all: ['jobs'] as const,
  services: () => ['services'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (params: JobListParams) => [...jobKeys.lists(), params] as const,
  detail: (id: string) => [...jobKeys.all, 'detail', id] as const,
  tryOn: (kind: 'models' | 'garments') => ['try-on', kind] as const,
  intro: (service: ServiceKey) => ['introduction-dialogs', service] as const,
};
