import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { apiClient, ApiError, buildUrl, normaliseMessage, refreshAccessToken } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/idempotency-key.ts';
import { getStoredToken } from '@/lib/session-storage.ts';
import type { RequestReading } from '@lumen/core/jobs/request-reading';
import type { CatalogueItem, CreateJobBody, IntroductionDialog, Job, JobListItem, Paginated, ServiceInfo, Upload } from './job-types.ts';
import { isFinalStatus } from './job-types.ts';
import { jobKeys } from '@/query-keys/job-keys.ts';
import type { JobListParams } from '@/query-keys/job-keys.ts';

// ---- catalogue ------------------------------------------------------------------------------

export function servicesQueryOptions() {
  return queryOptions({
    queryKey: jobKeys.services(),
    queryFn: ({ signal }) => apiClient.get<ServiceInfo[]>('/services', { signal }),
    staleTime: 0,
  });
}

export function useServicesQuery() {
  return useQuery(servicesQueryOptions());
}

export function useTryOnCatalogue(kind: 'models' | 'garments', enabled = true) {
  return useQuery({
    queryKey: jobKeys.tryOn(kind),
    queryFn: ({ signal }) => apiClient.get<CatalogueItem[]>(`/try-on/${kind}`, { signal }),
    enabled,
  });
}

/**
 * What the service's engine will make of the params (POST /jobs/preview: free, nothing stored), for the
 * tool page to show as the user types; pass params already debounced. Off while `enabled` is false.
 */
export function useRequestReading(service: ServiceKey, params: Record<string, unknown>, enabled: boolean) {
  return useQuery({
    queryKey: [...jobKeys.all, 'preview', service, params] as const,
    queryFn: ({ signal }) => apiClient.post<RequestReading>('/jobs/preview', { service, params }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

// ---- uploads --------------------------------------------------------------------------------

function sendUpload(
  file: File,
  purpose: 'image' | 'transcript',
  idempotencyKey: string,
  onProgress?: (fraction: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/uploads'));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error. Please check your connection.' }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      resolve({ status: xhr.status, body });
    };
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * POST /uploads as multipart with upload progress (XMLHttpRequest: fetch cannot report it).
 * A 401 gets one silent token refresh and a retry, like every other call; errors carry the
 * server's message (413 / 415 / 422).
 */
export async function uploadFile(file: File, purpose: 'image' | 'transcript', onProgress?: (fraction: number) => void): Promise<Upload> {
  const idempotencyKey = newIdempotencyKey();
  let { status, body } = await sendUpload(file, purpose, idempotencyKey, onProgress);
  if (status === 401 && (await refreshAccessToken())) ({ status, body } = await sendUpload(file, purpose, idempotencyKey, onProgress));
  if (status >= 200 && status < 300) {
    onProgress?.(1);
    return ((body as { data?: Upload } | undefined)?.data ?? body) as Upload;
  }
  const code = (body as { error?: { code?: string } } | undefined)?.error?.code ?? `HTTP_${status}`;
  throw new ApiError({ status, code, message: normaliseMessage(body) ?? `Upload failed (${status})`, body });
}

// ---- jobs -----------------------------------------------------------------------------------

export function createJob(body: CreateJobBody): Promise<Job> {
  return apiClient.post<Job>('/jobs', body, { headers: { 'Idempotency-Key': newIdempotencyKey() } });
}

export function retryJob(id: string): Promise<Job> {
  return apiClient.post<Job>(`/jobs/${encodeURIComponent(id)}/retry`, {}, { headers: { 'Idempotency-Key': newIdempotencyKey() } });
}

/** POST /jobs/{id}/cancel: the job fails, is refunded, and its hosted provider stops; 409 once it has finished. */
export function cancelJob(id: string): Promise<Job> {
  return apiClient.post<Job>(`/jobs/${encodeURIComponent(id)}/cancel`, {});
}

export function deleteJob(id: string): Promise<unknown> {
  return apiClient.delete(`/jobs/${encodeURIComponent(id)}`);
}

/** GET /jobs/{id}/outputs/{outputId}/download → a signed link; 403 for the free plan (no toast: the page explains). */
export function getDownloadLink(jobId: string, outputId: string): Promise<{ url: string; expiresAt: string }> {
  return apiClient.get(`/jobs/${encodeURIComponent(jobId)}/outputs/${encodeURIComponent(outputId)}/download`, {
    suppressErrorToast: true,
  });
}

/** One job, polled every second until it is final (simpler than SSE with a bearer token). */
export function useJobQuery(id: string | null) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<Job>(`/jobs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isFinalStatus(job.status) ? false : 1000;
    },
  });
}

export function useJobsQuery(params: JobListParams, options: { pollWhileActive?: boolean } = {}) {
  return useQuery({
    queryKey: jobKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Paginated<JobListItem>>('/jobs', {
        signal,
        query: {
          service: params.service || undefined,
          status: params.status || undefined,
          search: params.search?.trim() || undefined,
          limit: params.limit,
          page: params.page,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      options.pollWhileActive && query.state.data?.items.some((job) => !isFinalStatus(job.status)) ? 2000 : false,
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.lists() }),
  });
}

// ---- introduction dialogs -------------------------------------------------------------------

export function useIntroductionDialog(service: ServiceKey) {
  return useQuery({
    queryKey: jobKeys.intro(service),
    queryFn: ({ signal }) => apiClient.get<IntroductionDialog>(`/introduction-dialogs/${service}`, { signal, suppressErrorToast: true }),
    staleTime: Infinity,
    retry: false,
  });
}

export function useDismissIntroduction(service: ServiceKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<{ seen: boolean }>(`/introduction-dialogs/${service}/dismiss`, {}),
    onMutate: () => {
      queryClient.setQueryData<IntroductionDialog>(jobKeys.intro(service), (dialog) => (dialog ? { ...dialog, seen: true } : dialog));
    },
  });
}
