import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { useIsHydrated } from './use-is-hydrated.ts';
import { developerKeys } from '@/query-keys/developer-keys.ts';

/** GET /openapi.json → the OpenAPI 3.1 document generated from the server's route schemas. */
export function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  return apiClient.get<OpenApiDocument>('/openapi.json', { signal, suppressErrorToast: true });
}

export function openApiDocumentQueryOptions() {
  return queryOptions({ queryKey: developerKeys.openapi(), queryFn: ({ signal }) => getOpenApiDocument(signal), staleTime: 5 * 60_000 });
}

/**
 * Read in the browser only, once the page has hydrated: the document is about 1 MB of JSON, which the server would
 * otherwise write into the page's state (and its HTML) for every visitor; from the API it arrives compressed.
 */
export function useOpenApiDocumentQuery() {
  const isHydrated = useIsHydrated();
  return useQuery({ ...openApiDocumentQueryOptions(), enabled: isHydrated });
}
