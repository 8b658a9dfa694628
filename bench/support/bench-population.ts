/**
 * The people of the API bench, made through the running server's own API: the seeded admin (with API keys for the
 * balance-by-key run; a key allows 1,000 requests a minute and one run sends up to 13 s × 30,000, so it rotates over
 * 400 keys), and `count` accounts that each hold GRANT credits, granted by the admin. checkBalances() then proves no
 * credit was lost or created.
 */
import { BENCH_ADMIN } from './server-process.ts';

const GRANT = 1_000_000;
const API_KEYS = 400;

export type BenchUser = { id: string; email: string; accessToken: string; startingBalance: number };
/** Every bench account's password (a run longer than an access token's 15 minutes signs in again with it). */
export const BENCH_PASSWORD = 'bench-password-1';
export type BenchPopulation = {
  users: BenchUser[];
  apiKeys: string[];
  /**
   * Every account: balance = its balance before the runs − cost × its jobs; all together hold at least the `accepted`
   * jobs and at most `accepted + unanswered` (requests cut off when a run stopped may still have committed).
   */
  checkBalances: (accepted: number, unanswered: number) => Promise<{ ok: boolean; jobs: number; summary: string }>;
};

/** One call to the API: its `data`, or an error naming the route, the status and the message. */
export async function call<T>(
  address: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${address}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const payload = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${payload.message ?? ''}`);
  return payload.data;
}

/** Keys need a verified address: the admin asks for a code and reads it from the mail outbox, as a person would from mail. */
async function verifyEmail(address: string, token: string): Promise<void> {
  await call(address, '/api/v1/auth/resend-email-verification', { method: 'POST', token });
  const { items } = await call<{ items: { id: string; template: string }[] }>(address, `/api/v1/admin/mail-outbox?limit=20`, { token });
  const mail = items.find((item) => item.template === 'email_verification');
  if (!mail) throw new Error('no verification mail in the outbox');
  const { text } = await call<{ text: string }>(address, `/api/v1/admin/mail-outbox/${mail.id}`, { token });
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  await call(address, '/api/v1/auth/verify-email-otp', { method: 'POST', token, body: { code } });
}

async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, offset) => make(start + offset)))));
  }
  return made;
}

export async function createBenchPopulation(address: string, count: number, apiKeyCount = API_KEYS): Promise<BenchPopulation> {
  const admin = await call<{ accessToken: string }>(address, '/api/v1/auth/login', { method: 'POST', body: BENCH_ADMIN });
  await verifyEmail(address, admin.accessToken);
  const apiKeys = await inBatches(apiKeyCount, 10, async (index) => {
    const key = await call<{ apiKey: string }>(address, '/api/v1/api-keys/generate', {
      method: 'POST',
      token: admin.accessToken,
      body: { name: `bench ${index}`, rateLimit: 1000 },
    });
    return key.apiKey;
  });
  const users = await inBatches(count, 10, async (index) => {
    const email = `bench-${index}-${Date.now()}@example.com`;
    const registered = await call<{ user: { id: string }; accessToken: string }>(address, '/api/v1/auth/register', {
      method: 'POST',
      body: {
        firstName: 'Bench',
        lastName: `Person ${index}`,
        email,
        password: BENCH_PASSWORD,
      },
    });
    await call(address, `/api/v1/admin/users/${registered.user.id}/credits`, {
      method: 'POST',
      token: admin.accessToken,
      headers: { 'idempotency-key': `bench-grant-${registered.user.id}` },
      body: { amount: GRANT, reason: 'API bench' },
    });
    const { balance } = await call<{ balance: number }>(address, '/api/v1/credits/balance', { token: registered.accessToken });
    return { id: registered.user.id, email, accessToken: registered.accessToken, startingBalance: balance };
  });
  const costs = await call<Record<string, number>>(address, '/api/v1/credits/costs');
  const cost = costs['sales-pilot'] ?? 0;

  return {
    users,
    apiKeys,
    checkBalances: async (accepted, unanswered) => {
      // Requests autocannon gave up on may still be committing: read until two passes agree.
      let previous = '';
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const states = await inBatches(users.length, 20, async (index) => {
          const user = users[index]!;
          const [{ balance }, { total }] = await Promise.all([
            call<{ balance: number }>(address, '/api/v1/credits/balance', { token: user.accessToken }),
            call<{ total: number }>(address, '/api/v1/jobs?limit=1', { token: user.accessToken }),
          ]);
          return { balance, jobs: total };
        });
        const snapshot = JSON.stringify(states);
        if (snapshot === previous) {
          const wrongBalance = states.filter((state, index) => state.balance !== users[index]!.startingBalance - cost * state.jobs).length;
          const jobs = states.reduce((sum, state) => sum + state.jobs, 0);
          return {
            ok: wrongBalance === 0 && jobs >= accepted && jobs <= accepted + unanswered,
            jobs,
            summary: `${wrongBalance} accounts whose balance differs from their starting balance − ${cost} × their jobs`,
          };
        }
        previous = snapshot;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return { ok: false, jobs: 0, summary: 'the balances never settled' };
    },
  };
}
