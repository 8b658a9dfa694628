import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TutorialVideo, TutorialVideoBody } from '@lumen/core/content/videos';
import { apiClient } from '@/lib/api-client.ts';
import { contentKeys } from '@/query-keys/content-keys.ts';

/** GET /videos */
export function useTutorialVideosQuery() {
  return useQuery(
    queryOptions({ queryKey: contentKeys.videos(), queryFn: ({ signal }) => apiClient.get<TutorialVideo[]>('/videos', { signal }) }),
  );
}

export function useSaveTutorialVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TutorialVideoBody }) =>
      id ? apiClient.put<TutorialVideo>(`/admin/videos/${id}`, body) : apiClient.post<TutorialVideo>('/admin/videos', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.videos() }),
  });
}

export function useDeleteTutorialVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/admin/videos/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.videos() }),
  });
}
