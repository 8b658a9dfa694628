import type { GallerySort } from '@lumen/core/community/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';

export type GalleryParams = { tool?: ServiceKey | ''; sort: GallerySort; page: number; limit: number };
export type SearchParams = { q: string; tool?: ServiceKey | ''; page: number; limit: number };
export type QueueFilter = 'queue' | 'hidden' | 'all';

/** Query keys of the community resource; every mutation invalidates `all`. */
export const communityKeys = {
  all: ['community'] as const,
  gallery: (params: GalleryParams) => [...communityKeys.all, 'gallery', params] as const,
  search: (params: SearchParams) => [...communityKeys.all, 'search', params] as const,
  mine: (page: number) => [...communityKeys.all, 'mine', page] as const,
  queue: (filter: QueueFilter, page: number) => [...communityKeys.all, 'queue', filter, page] as const,
};
