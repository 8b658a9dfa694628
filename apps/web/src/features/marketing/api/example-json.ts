import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpFetch } from '@/lib/http-transport.ts';
import { exampleKeys } from '@/query-keys/example-keys.ts';

/** A JSON file of the examples under /examples (static files, not the API). */
export async function getExampleJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await httpFetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the example (${response.status})`);
  return (await response.json()) as T;
}

export function exampleJsonQueryOptions<T>(url: string) {
  return queryOptions({
    queryKey: exampleKeys.file(url),
    queryFn: ({ signal }) => getExampleJson<T>(url, signal),
    staleTime: Infinity,
  });
}

export function useExampleJson<T>(url: string) {
  return useQuery(exampleJsonQueryOptions<T>(url));
}
