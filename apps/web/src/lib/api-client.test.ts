import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { ApiError, apiClient, normaliseMessage } from './api-client.ts';
import { onSessionCleared } from './session-storage.ts';
import { storageKeys } from './storage-keys.ts';
import { fail, headersOf, mockFetch, ok } from '@/test/fetch-mock.ts';

describe('api client', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls /api/v1 with a JSON content type and the stored bearer token', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1');
    const fetchMock = mockFetch(() => ok({ id: 1 }));
    await apiClient.put('/user/me', { firstName: 'A' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/me');
    expect(init?.method).toBe('PUT');
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    expect(headersOf(init).Authorization).toBe('Bearer tok-1');
    expect(init?.body).toBe(JSON.stringify({ firstName: 'A' }));
  });

  it('sends no Authorization header without a stored token, and no JSON type for FormData', async () => {
    const fetchMock = mockFetch(() => ok(null));
    const form = new FormData();
    form.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiClient.post('/user/me/avatar', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(headersOf(init).Authorization).toBeUndefined();
    expect(headersOf(init)['Content-Type']).toBeUndefined();
    expect(init?.body).toBe(form);
  });

  it('unwraps the envelope so callers get data', async () => {
    mockFetch(() => ok({ balance: 5 }, 'fine'));
    await expect(apiClient.get('/credits/balance')).resolves.toEqual({ balance: 5 });
  });

  it('builds query strings, skipping empty values', async () => {
    const fetchMock = mockFetch(() => ok([]));
    await apiClient.get('/payment/invoices', { query: { page: 1, limit: 10, status: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/payment/invoices?page=1&limit=10');
  });

  it.each([
    [{ message: 'top level' }, 'top level'],
    [{ error: { message: 'nested' } }, 'nested'],
    [{ error: 'plain string' }, 'plain string'],
  ])('normalises the error message from %j', async (body, expected) => {
    expect(normaliseMessage(body)).toBe(expected);
    mockFetch(() => ({ status: 400, body }));
    const error = await apiClient.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(expected);
    expect((error as ApiError).status).toBe(400);
    expect(((error as ApiError).body as { message: string }).message).toBe(expected);
  });

  it('keeps the code and field details of the envelope', async () => {
    mockFetch(() => ({
      status: 400,
      body: { success: false, message: 'Invalid body', error: { code: 'VALIDATION_ERROR', details: [{ field: 'email', message: 'Bad' }] } },
    }));
    const error = (await apiClient.post('/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ field: 'email', message: 'Bad' }]);
  });

  it('on 401 refreshes silently once and retries the request with the new token', async () => {
    localStorage.setItem(storageKeys.token, 'old');
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/auth/refresh') return ok({ accessToken: 'new', refreshToken: 'r2' });
      return headersOf(init).Authorization === 'Bearer new' ? ok({ id: 'me' }) : fail(401, 'expired', 'UNAUTHORIZED');
    });
    await expect(apiClient.get('/user/me')).resolves.toEqual({ id: 'me' });
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/v1/user/me', '/api/v1/auth/refresh', '/api/v1/user/me']);
    const refreshInit = fetchMock.mock.calls[1]![1];
    expect(refreshInit?.method).toBe('POST');
    expect(refreshInit?.credentials).toBe('include');
    expect(localStorage.getItem(storageKeys.token)).toBe('new');
    expect(sessionStorage.getItem(storageKeys.autoRefresh)).toBeNull();
  });

  it('shares one refresh between concurrent 401s', async () => {
    localStorage.setItem(storageKeys.token, 'old');
    const fetchMock = mockFetch(async (url, init) => {
      if (url === '/api/v1/auth/refresh') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return ok({ accessToken: 'new', refreshToken: 'r2' });
      }
      return headersOf(init).Authorization === 'Bearer new' ? ok(url) : fail(401, 'expired', 'UNAUTHORIZED');
    });
    await Promise.all([apiClient.get('/a'), apiClient.get('/b')]);
    expect(fetchMock.mock.calls.filter((call) => call[0] === '/api/v1/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails, clears the token and user silently and notifies the auth state', async () => {
    localStorage.setItem(storageKeys.token, 'old');
    localStorage.setItem(storageKeys.user, '{"id":"u"}');
    const listener = vi.fn();
    const unsubscribe = onSessionCleared(listener);
    mockFetch((url) => (url === '/api/v1/auth/refresh' ? fail(401, 'no session', 'UNAUTHORIZED') : fail(401, 'expired', 'UNAUTHORIZED')));
    const error = (await apiClient.get('/user/me').catch((e: unknown) => e)) as ApiError;
    unsubscribe();
    expect(error.status).toBe(401);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('does not try to refresh for a failed login', async () => {
    const fetchMock = mockFetch(() => fail(401, 'Invalid email or password', 'UNAUTHORIZED'));
    await expect(apiClient.post('/auth/login', {})).rejects.toThrow('Invalid email or password');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server message on 403', async () => {
    mockFetch(() => fail(403, 'Admins only', 'FORBIDDEN'));
    await expect(apiClient.get('/admin/users')).rejects.toThrow('Admins only');
    expect(toast.error).toHaveBeenCalledWith('Admins only');
  });

  it("shows 'Access restricted.' on a 403 without a message", async () => {
    mockFetch(() => ({ status: 403, body: {} }));
    await expect(apiClient.get('/admin/users')).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).toHaveBeenCalledWith('Access restricted.');
  });

  it('suppresses the 403 toast when the request asks', async () => {
    mockFetch(() => fail(403, 'Admins only', 'FORBIDDEN'));
    await expect(apiClient.get('/admin/users', { suppressErrorToast: true })).rejects.toThrow('Admins only');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await apiClient.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });
});
