import { toast } from 'sonner';
import type { FieldIssue } from '@lumen/core/http/envelope';
import { httpFetch } from './http-transport.ts';
import { storageKeys } from './storage-keys.ts';
import { clearStoredSession, getStoredToken, notifySessionCleared, setStoredToken } from './session-storage.ts';

/**
 * The one API client.
 * - base /api/v1, JSON content type by default, bearer token when one is stored;
 * - success envelopes are unwrapped: callers get the envelope's `data`;
 * - failures become an ApiError whose message is taken from `message`, `error.message` or `error`;
 * - 401: one silent POST /auth/refresh (cookie), then the request is retried once; if that fails
 *   the stored token and user are cleared silently and the auth state is notified;
 * - 403: an error toast with the server's message or 'Access restricted.', unless suppressed;
 * - no client timeout.
 */
export const API_BASE = '/api/v1';
export const ACCESS_RESTRICTED_MESSAGE = 'Access restricted.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: FieldIssue[];
  /** The response body, with its message field normalised. */
  readonly body?: unknown;

  constructor(init: { status: number; code: string; message: string; details?: FieldIssue[]; body?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not show the 403 toast for this request. */
  suppressErrorToast?: boolean;
  /** Do not try a silent refresh on 401 (the auth calls themselves). */
  skipAuthRefresh?: boolean;
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** The message is taken from message, error.message or error. */
export function normaliseMessage(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (!isObject(body)) return undefined;
  if (typeof body.message === 'string' && body.message) return body.message;
  if (isObject(body.error) && typeof body.error.message === 'string' && body.error.message) return body.error.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  return undefined;
}

function toApiError(status: number, body: unknown): ApiError {
  const message = normaliseMessage(body) ?? (status === 0 ? 'Network error. Please check your connection.' : `Request failed (${status})`);
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  const code = typeof error?.code === 'string' ? error.code : status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`;
  const details = Array.isArray(error?.details) ? (error.details as FieldIssue[]) : undefined;
  const normalisedBody = isObject(body) ? { ...body, message } : { message };
  return new ApiError({ status, code, message, details, body: normalisedBody });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Success envelopes carry the payload in `data` (data.data on the client). */
function unwrap(body: unknown): unknown {
  if (isObject(body) && 'success' in body && 'data' in body) return body.data;
  return body;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isFormData) headers['Content-Type'] ??= 'application/json';
  const token = getStoredToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  return httpFetch(buildUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : isFormData ? (options.body as FormData) : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });
}

// ---- silent refresh -------------------------------------------------------------------------

const REFRESH_FLAG_TTL_MS = 10_000;
let refreshInFlight: Promise<boolean> | null = null;

function refreshFlagIsFresh(): boolean {
  const value = Number(sessionStorage.getItem(storageKeys.autoRefresh));
  return Number.isFinite(value) && value > 0 && Date.now() - value < REFRESH_FLAG_TTL_MS;
}

async function waitForOtherRefresh(): Promise<boolean> {
  const tokenBefore = getStoredToken();
  while (refreshFlagIsFresh()) await new Promise((resolve) => setTimeout(resolve, 100));
  const tokenAfter = getStoredToken();
  return Boolean(tokenAfter && tokenAfter !== tokenBefore);
}

async function doRefresh(): Promise<boolean> {
  sessionStorage.setItem(storageKeys.autoRefresh, String(Date.now()));
  try {
    const response = await fetch(buildUrl('/auth/refresh'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
      credentials: 'include',
    });
    if (!response.ok) return false;
    const data = unwrap(await readBody(response));
    if (!isObject(data) || typeof data.accessToken !== 'string') return false;
    setStoredToken(data.accessToken);
    return true;
  } catch {
    return false;
  } finally {
    sessionStorage.removeItem(storageKeys.autoRefresh);
  }
}

/**
 * One silent refresh at a time: concurrent 401s share the same attempt, and the session flag
 * marks a refresh in flight (so a second client instance waits instead of spending the token twice).
 */
export function refreshAccessToken(): Promise<boolean> {
  if (!refreshInFlight) {
    const attempt = refreshFlagIsFresh() ? waitForOtherRefresh() : doRefresh();
    refreshInFlight = attempt.finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

const AUTH_PATHS_WITHOUT_REFRESH = ['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout'];

// ---- the request ----------------------------------------------------------------------------

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toApiError(0, undefined);
  }

  const mayRefresh = !options.skipAuthRefresh && !AUTH_PATHS_WITHOUT_REFRESH.includes(path);
  if (response.status === 401 && mayRefresh) {
    const refreshed = await refreshAccessToken();
    if (refreshed) response = await send(path, options);
    if (response.status === 401) {
      clearStoredSession();
      notifySessionCleared();
    }
  }

  const body = await readBody(response);
  if (response.ok) return unwrap(body) as T;

  const error = toApiError(response.status, body);
  if (response.status === 403 && !options.suppressErrorToast) {
    toast.error(normaliseMessage(body) ?? ACCESS_RESTRICTED_MESSAGE);
  }
  throw error;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
