import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/query-keys/user-keys.ts';

/** After a change to how the account signs in: re-read the sign-in methods and the security events. */
export function useInvalidateAccountSecurity() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.signInMethods() }),
        queryClient.invalidateQueries({ queryKey: userKeys.securityEventLists() }),
      ]),
    [queryClient],
  );
}
