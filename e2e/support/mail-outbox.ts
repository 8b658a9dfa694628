import { expect } from 'vitest';
import { request } from 'playwright-core';
import { adminCredentials } from './admin.ts';
import { baseUrl } from './browser.ts';

type OutboxItem = { id: string; to: string; subject: string; template: string; createdAt: string };

/**
 * Reads the newest 6-digit code sent to `email` with `template`, through the admin API
 * (signed in as the e2e admin in a request context of its own, so the browser's cookies are untouched).
 * Polls a little: mail is written right after the request that sends it.
 */
export async function readCodeFromOutbox(
  email: string,
  template: 'password_reset' | 'email_verification',
  after?: string,
  server: string = baseUrl(),
): Promise<string> {
  const api = await request.newContext({ baseURL: server });
  try {
    const login = await api.post('/api/v1/auth/login', { data: adminCredentials });
    expect(login.status()).toBe(200);
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
    const headers = { Authorization: `Bearer ${accessToken}` };

    const deadline = Date.now() + 10_000;
    for (;;) {
      const list = await api.get(`/api/v1/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=20`, { headers });
      expect(list.status()).toBe(200);
      const { items } = ((await list.json()) as { data: { items: OutboxItem[] } }).data;
      const message = items.find((item) => item.to === email && item.template === template && item.id !== after);
      if (message) {
        const detail = await api.get(`/api/v1/admin/mail-outbox/${message.id}`, { headers });
        expect(detail.status()).toBe(200);
        const { text } = ((await detail.json()) as { data: { text: string } }).data;
        const code = /\b(\d{6})\b/.exec(text)?.[1];
        if (!code) throw new Error(`No 6-digit code in the ${template} mail to ${email}:\n${text}`);
        return code;
      }
      if (Date.now() > deadline) throw new Error(`No ${template} mail to ${email} in the outbox`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await api.dispose();
  }
}
