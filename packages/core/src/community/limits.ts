// The community's limits without its schemas (and zod), for pages that only show them.

export const communityLimits = {
  titleMax: 120,
  promptMax: 1000,
  reasonMin: 3,
  reasonMax: 500,
  queryMax: 200,
  pageSize: 12,
} as const;
