import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthUser, RequestAuth } from './fastify-types.ts';
import { ADMIN_REQUIRED_MESSAGE, AUTH_REQUIRED_MESSAGE, currentUser, requireAdmin, requireAuth, requireVerifiedEmail } from './guards.ts';

type Account = Awaited<ReturnType<RequestAuth['accountOf']>>;

/** A request whose app answers `authenticate` with `signedIn` (or a 401) and `accountOf` with `account`. */
function requestFor(signedIn: AuthUser | null, account: Account) {
  const request = { user: null as AuthUser | null } as FastifyRequest;
  const requestAuth: RequestAuth = {
    async authenticate(target) {
      if (!signedIn) throw Object.assign(new Error(AUTH_REQUIRED_MESSAGE), { statusCode: 401 });
      target.user = { ...signedIn };
    },
    async accountOf(userId) {
      return userId === signedIn?.id ? account : null;
    },
  };
  Object.assign(request, { server: { requestAuth } });
  return request;
}

const user: AuthUser = { id: 'u1', role: 'USER', sessionId: 's1' };

describe('route guards', () => {
  it('requireAuth sets the user through app.requestAuth and passes its refusal on', async () => {
    const request = requestFor(user, { role: 'USER', emailVerified: true });
    await requireAuth(request);
    expect(currentUser(request)).toEqual(user);
    await expect(requireAuth(requestFor(null, null))).rejects.toMatchObject({ statusCode: 401 });
  });

  it('currentUser refuses a request nobody signed in to', () => {
    expect(() => currentUser(requestFor(null, null))).toThrow(AUTH_REQUIRED_MESSAGE);
  });

  it('requireVerifiedEmail: 403 while unverified, 401 when the account is gone, passes once verified', async () => {
    const unverified = requestFor(user, { role: 'USER', emailVerified: false });
    await requireAuth(unverified);
    await expect(requireVerifiedEmail(unverified)).rejects.toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });

    const gone = requestFor(user, null);
    await requireAuth(gone);
    await expect(requireVerifiedEmail(gone)).rejects.toMatchObject({ statusCode: 401, message: AUTH_REQUIRED_MESSAGE });

    const verified = requestFor(user, { role: 'USER', emailVerified: true });
    await requireAuth(verified);
    await expect(requireVerifiedEmail(verified)).resolves.toBeUndefined();
  });

  it('requireAdmin reads the role now: a demoted admin gets 403, a deleted one 401, a promoted user passes', async () => {
    const admin: AuthUser = { id: 'a1', role: 'ADMIN', sessionId: 's2' };
    await expect(requireAdmin(requestFor(admin, { role: 'USER', emailVerified: true }))).rejects.toMatchObject({
      statusCode: 403,
      message: ADMIN_REQUIRED_MESSAGE,
    });
    await expect(requireAdmin(requestFor(admin, null))).rejects.toMatchObject({ statusCode: 401 });

    const promoted = requestFor(user, { role: 'ADMIN', emailVerified: true });
    await requireAdmin(promoted);
    expect(currentUser(promoted)).toEqual({ id: 'u1', role: 'ADMIN', sessionId: 's1' });
  });
});
