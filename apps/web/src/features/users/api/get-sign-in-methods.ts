import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { userKeys } from './user-keys.ts';

export type LinkedProvider = { provider: string; email: string | null; linkedAt: string };
export type SignInMethods = { hasPassword: boolean; providers: LinkedProvider[] };

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
