import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody, DeletionCodeSent } from '@lumen/core/users/account-data';
import { apiClient } from '@/lib/api-client.ts';

/** POST /user/me/delete/code: e-mails a confirmation code (accounts without a password). */
export function sendDeletionCode(): Promise<DeletionCodeSent> {
  return apiClient.post<DeletionCodeSent>('/user/me/delete/code');
}

/** POST /user/me/delete with the password, or the e-mailed code. */
export function deleteAccount(body: DeleteAccountBody): Promise<null> {
  // A wrong password is a 400; never try a silent refresh here.
  return apiClient.post<null>('/user/me/delete', body, { skipAuthRefresh: true });
}

export function useSendDeletionCode() {
  return useMutation({ mutationFn: sendDeletionCode });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
