import { vi } from 'vitest';

export type MockRoute = { status?: number; body?: unknown };
export type MockHandler = (url: string, init: RequestInit) => MockRoute | Promise<MockRoute>;

export function jsonResponse({ status = 200, body }: MockRoute): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces global fetch with a handler; returns the mock to inspect its calls. */
export function mockFetch(handler: MockHandler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return jsonResponse(await handler(url, init));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

export const ok = (data: unknown, message?: string): MockRoute => ({ status: 200, body: { success: true, data, message } });
export const fail = (status: number, message: string, code = 'BAD_REQUEST'): MockRoute => ({
  status,
  body: { success: false, message, error: { code } },
});
