/** Query keys of the API keys resource (one factory; mutations invalidate through it). Secrets never enter the cache. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
  detail: (id: string) => [...apiKeyKeys.all, 'detail', id] as const,
  usage: (id: string, days: number) => [...apiKeyKeys.all, 'usage', id, days] as const,
};
