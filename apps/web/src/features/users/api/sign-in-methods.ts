import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInMethods } from '@lumen/core/users/sign-in-methods';
import { apiClient } from '@/lib/api-client.ts';
import { userKeys } from '@/query-keys/user-keys.ts';

export type { SignInMethods };

/** GET /user/me/sign-in-methods */
export function getSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  return apiClient.get<SignInMethods>('/user/me/sign-in-methods', { signal });
}

export function signInMethodsQueryOptions() {
  return queryOptions({ queryKey: userKeys.signInMethods(), queryFn: ({ signal }) => getSignInMethods(signal) });
}

export function useSignInMethodsQuery() {
  return useQuery(signInMethodsQueryOptions());
}
