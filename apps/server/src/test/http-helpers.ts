import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthResult } from '@lumen/core/auth/schemas';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp } from './build-test-app.ts';
import type { TestApp } from './build-test-app.ts';

export const VALID_PASSWORD = 'correct-horse-1';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
  headers: Record<string, string> = {},
): Promise<AuthResult & { refreshToken: string; response: LightMyRequestResponse }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: VALID_PASSWORD, ...overrides },
    headers,
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  // A browser's refresh token: the one its HttpOnly cookie holds (the body carries it only when asked).
  return { ...(response.json().data as AuthResult), refreshToken: refreshTokenCookie(response) ?? '', response };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * One app for the calling test file, built before its tests and closed after them. The accessors are
 * functions because they are read inside the tests, once the app is up.
 */
export function appForFile() {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = () => t!.app;
  return {
    app,
    db: () => t!.database.db,
    /** GET /api/v1<url> as the holder of `token` (none: a guest). */
    get: (url: string, token?: string) => app().inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} }),
  };
}

/** The value of a Set-Cookie header for `name`, or undefined. */
export function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((cookie) => cookie.startsWith(`${name}=`));
}

/** The refresh token a response set in its HttpOnly cookie, or undefined. */
export function refreshTokenCookie(response: LightMyRequestResponse): string | undefined {
  return /^refreshToken=([^;]+)/.exec(setCookie(response, 'refreshToken') ?? '')?.[1];
}

/** A multipart/form-data body with one file part. */
export function multipartFile(field: string, fileName: string, contentType: string, data: Buffer) {
  const boundary = `----lumen${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` + `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Signs in with e-mail and password and returns the access token. */
export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json().data as AuthResult).accessToken;
}
