import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@lumen/core/users/schemas';
import { apiClient } from '@/lib/api-client.ts';
import { userKeys } from '@/query-keys/user-keys.ts';

/** POST /user/me/avatar, multipart field profileImage */
export function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('profileImage', file);
  return apiClient.post<User>('/user/me/avatar', form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
}
