import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, User } from '@lumen/core/users/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { userKeys } from '@/query-keys/user-keys.ts';

/** PUT /user/me {firstName?, lastName?} */
export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return apiClient.put<User>('/user/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
}
