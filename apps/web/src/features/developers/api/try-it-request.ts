import { useMutation } from '@tanstack/react-query';
import { getStoredToken } from '@/lib/session-storage.ts';
import { API_PREFIX } from './openapi-types.ts';

export type TryItAuth = { kind: 'api-key'; key: string; header: 'authorization' | 'x-api-key' } | { kind: 'session' } | { kind: 'none' };

export type TryItRequest = {
  method: string;
  /** the document's path with its parameters filled in, e.g. /api/v1/jobs/123 */
  path: string;
  query: Record<string, string>;
  /** JSON text, or a multipart form (POST /uploads) */
  body?: string | FormData;
  /** header parameters of the operation, such as Idempotency-Key */
  headers?: Record<string, string>;
  auth: TryItAuth;
};

export type TryItResponse = { status: number; statusText: string; durationMs: number; headers: [string, string][]; body: string };

/** Headers worth showing to an API user. */
const shownHeaders = ['content-type', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'x-request-id'];

export function tryItUrl(path: string, query: Record<string, string>): string {
  const base = path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`;
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/**
 * Sends a request exactly as a program would: with the API key typed on the page, or the signed-in session's
 * token, and nothing else (no silent refresh, no envelope unwrapping) so the raw response is shown.
 */
export async function sendTryItRequest(request: TryItRequest): Promise<TryItResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value.trim()) headers[name] = value.trim();
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  const jsonBody = typeof request.body === 'string' && request.body.trim() ? request.body : undefined;
  if (jsonBody) headers['Content-Type'] = 'application/json';
  if (request.auth.kind === 'api-key' && request.auth.key.trim()) {
    if (request.auth.header === 'x-api-key') headers['X-API-Key'] = request.auth.key.trim();
    else headers.Authorization = `Bearer ${request.auth.key.trim()}`;
  }
  if (request.auth.kind === 'session') {
    const token = getStoredToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const started = performance.now();
  const response = await fetch(tryItUrl(request.path, request.query), {
    method: request.method.toUpperCase(),
    headers,
    body: isForm ? (request.body as FormData) : jsonBody,
    credentials: 'omit',
  });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as it is
  }
  const responseHeaders: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (shownHeaders.includes(name.toLowerCase())) responseHeaders.push([name, value]);
  });
  return {
    status: response.status,
    statusText: response.statusText,
    durationMs: Math.round(performance.now() - started),
    headers: responseHeaders,
    body,
  };
}

export function useTryItRequest() {
  return useMutation({ mutationFn: sendTryItRequest, gcTime: 0 });
}
