import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { OpenApiDocument } from './openapi-types.ts';

/** Query keys of the developer reference. */
export const developerKeys = {
  all: ['developers'] as const,
  openapi: () => [...developerKeys.all, 'openapi'] as const,
};

/** GET /openapi.json → the OpenAPI 3.1 document generated from the server's route schemas. */
export function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  return apiClient.get<OpenApiDocument>('/openapi.json', { signal, suppressErrorToast: true });
}

export function openApiDocumentQueryOptions() {
  return queryOptions({ queryKey: developerKeys.openapi(), queryFn: ({ signal }) => getOpenApiDocument(signal), staleTime: 5 * 60_000 });
}

export function useOpenApiDocumentQuery() {
  return useQuery(openApiDocumentQueryOptions());
}
