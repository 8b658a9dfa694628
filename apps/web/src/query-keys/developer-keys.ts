/** Query keys of the developer reference. */
export const developerKeys = {
  all: ['developers'] as const,
  openapi: () => [...developerKeys.all, 'openapi'] as const,
};
