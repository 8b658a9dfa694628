import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** A failure that may pass on a second try: no answer, too many requests or a server error. */
export function isTransientFailure(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500;
}

/** Client errors (4xx) are final; other failures are retried once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
