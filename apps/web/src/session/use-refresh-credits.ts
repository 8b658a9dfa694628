import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from './auth-context.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';
import { creditKeys } from '@/query-keys/credit-keys.ts';

/** After anything that changes credits: re-read the balance, histories, usage and the signed-in user. */
export function useRefreshCredits() {
  const queryClient = useQueryClient();
  const { user, refreshUser } = useAuth();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: creditKeys.all }),
      queryClient.invalidateQueries({ queryKey: paymentKeys.usage() }),
      user ? refreshUser() : Promise.resolve(null),
    ]);
  }, [queryClient, refreshUser, user]);
}
