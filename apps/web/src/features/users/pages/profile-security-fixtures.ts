import { ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import type { AuthSession } from '@/features/auth/api/sessions.ts';
import type { SecurityEvent } from '../api/security-events.ts';
import type { SignInMethods } from '../api/sign-in-methods.ts';

/** Test data for the profile page's security sections. */
export const thisDevice: AuthSession = {
  id: 's_current',
  device: 'Chrome on Linux',
  ip: '203.0.113.7',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastSeenAt: '2025-03-02T10:00:00.000Z',
  current: true,
};
export const otherDevice: AuthSession = {
  id: 's_phone',
  device: 'Safari on iPhone',
  ip: '198.51.100.4',
  createdAt: '2025-02-01T10:00:00.000Z',
  lastSeenAt: '2025-02-20T08:30:00.000Z',
  current: false,
};
export const passwordOnly: SignInMethods = { hasPassword: true, providers: [] };

export function makeSecurityEvents(count: number, offset = 0): SecurityEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `e_${offset + index}`,
    type: 'sign_in',
    description: `Signed in #${offset + index + 1}`,
    ip: '203.0.113.7',
    device: 'Chrome on Linux',
    createdAt: '2025-03-02T10:00:00.000Z',
  }));
}

const securityPaths = [
  '/api/v1/auth/sessions',
  '/api/v1/user/me/sign-in-methods',
  '/api/v1/user/me/security-events',
  '/api/v1/public-config',
];

export function isAccountSecurityCall(url: string): boolean {
  return securityPaths.some((path) => url === path || url.startsWith(`${path}?`) || url.startsWith(`${path}/`));
}

/** Default answers for the security sections (two sessions, password only, one event, Google offered). */
export function serveAccountSecurity(url: string, init: RequestInit): MockRoute {
  if (url === '/api/v1/public-config') return ok({ analytics: null, oauthProviders: ['google'] });
  if (url === '/api/v1/auth/sessions') return ok([thisDevice, otherDevice]);
  if (url === '/api/v1/user/me/sign-in-methods') return ok(passwordOnly);
  if (url.startsWith('/api/v1/user/me/security-events'))
    return ok({ items: makeSecurityEvents(1), page: 1, limit: 10, total: 1, totalPages: 1 });
  if (url.startsWith('/api/v1/auth/sessions/') && init.method === 'DELETE') return ok(null);
  return ok(null);
}
