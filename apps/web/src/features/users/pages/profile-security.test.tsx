import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { storageKeys } from '@/lib/storage-keys.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockHandler } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { browserLocation } from '@/features/auth/api/oauth.ts';
import { ProfilePage } from './profile-page.tsx';
import { makeSecurityEvents, otherDevice, serveAccountSecurity, thisDevice } from './profile-security-fixtures.ts';

const routes = [{ path: '/dashboard/account/profile', element: <ProfilePage /> }];
const path = '/dashboard/account/profile';

/** The handler answers first; anything it leaves (undefined) gets the default security answers. */
function serve(handler: (url: string, init: RequestInit) => ReturnType<MockHandler> | undefined = () => undefined) {
  return mockFetch(async (url, init) => (await handler(url, init)) ?? serveAccountSecurity(url, init));
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, url: string, method = 'POST') {
  return fetchMock.mock.calls.filter((call) => call[0] === url && (call[1]?.method ?? 'GET') === method);
}

describe('profile page: account security', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('change password', () => {
    it('sends the current and new password, stores the new access token and toasts', async () => {
      localStorage.setItem(storageKeys.token, 'old-token');
      const fetchMock = serve((url) =>
        url === '/api/v1/auth/reset-password'
          ? ok({ accessToken: 'new-token', refreshToken: 'r' }, 'Password changed successfully')
          : undefined,
      );
      renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
      await user.type(screen.getByLabelText('New password'), 'new-pass-2');
      await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-2');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed successfully'));
      expect(localStorage.getItem(storageKeys.token)).toBe('new-token');
      const [call] = callsTo(fetchMock, '/api/v1/auth/reset-password');
      expect(JSON.parse(String(call![1]!.body))).toEqual({ currentPassword: 'old-pass-1', newPassword: 'new-pass-2' });
      // The request was made with the old token; the form is emptied.
      expect((call![1]!.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
      expect(screen.getByLabelText('Current password')).toHaveValue('');
    });

    it('shows the server message under the current password when it is wrong, and keeps the token', async () => {
      localStorage.setItem(storageKeys.token, 'old-token');
      serve((url) => (url === '/api/v1/auth/reset-password' ? fail(400, 'Current password is incorrect') : undefined));
      renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Current password'), 'wrong-pass-1');
      await user.type(screen.getByLabelText('New password'), 'new-pass-2');
      await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-2');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
      expect(localStorage.getItem(storageKeys.token)).toBe('old-token');
      expect(toast.success).not.toHaveBeenCalled();
    });

    it('checks the policy and the confirmation before calling the server', async () => {
      const fetchMock = serve();
      renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
      await user.type(screen.getByLabelText('New password'), 'short');
      await user.type(screen.getByLabelText('Confirm new password'), 'other');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
      expect(
        screen.getByText('Password must be at least 8 characters and contain a letter and a number', { selector: '[role=alert]' }),
      ).toBeInTheDocument();
      expect(callsTo(fetchMock, '/api/v1/auth/reset-password')).toHaveLength(0);
    });
  });

  describe('active sessions', () => {
    it('lists each device with IP and last seen, marks this device, and signs out another one', async () => {
      let sessions = [thisDevice, otherDevice];
      const fetchMock = serve((url, init) => {
        if (url === '/api/v1/auth/sessions') return ok(sessions);
        if (url === `/api/v1/auth/sessions/${otherDevice.id}` && init.method === 'DELETE') {
          sessions = [thisDevice];
          return ok(null);
        }
        return undefined;
      });
      renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
      const list = await screen.findByRole('list', { name: 'Active sessions' });
      const rows = within(list).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).getByText('Chrome on Linux')).toBeInTheDocument();
      expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
      expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
      expect(within(rows[1]!).getByText(/IP 198\.51\.100\.4 · Last seen Feb 20, 2025/)).toBeInTheDocument();

      await userEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
      await waitFor(() => expect(within(screen.getByRole('list', { name: 'Active sessions' })).getAllByRole('listitem')).toHaveLength(1));
      expect(callsTo(fetchMock, `/api/v1/auth/sessions/${otherDevice.id}`, 'DELETE')).toHaveLength(1);
      expect(toast.success).toHaveBeenCalledWith('Signed out Safari on iPhone');
    });

    it('signs out all other sessions after confirming, and disables the button when there are none', async () => {
      let sessions = [thisDevice, otherDevice];
      const fetchMock = serve((url) => {
        if (url === '/api/v1/auth/sessions') return ok(sessions);
        if (url === '/api/v1/auth/sessions/revoke-others') {
          sessions = [thisDevice];
          return ok(null);
        }
        return undefined;
      });
      renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
      await screen.findByRole('list', { name: 'Active sessions' });
      await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Signed out all other sessions'));
      expect(callsTo(fetchMock, '/api/v1/auth/sessions/revoke-others')).toHaveLength(1);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled());
    });
  });

  describe('sign-in methods', () => {
    it('shows the password and an unlinked Google with a Link button that goes to the server with intent=link', async () => {
      serve();
      const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
      renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
      const list = await screen.findByRole('list', { name: 'Sign-in methods' });
      expect(within(list).getByText('Set')).toBeInTheDocument();
      expect(await within(list).findByText('Not linked')).toBeInTheDocument();
      await userEvent.click(within(list).getByRole('button', { name: 'Link Google' }));
      expect(assign).toHaveBeenCalledWith('/api/v1/auth/google?intent=link');
    });

    it('finishes a link on return (?link=google&oauthId=…), toasts and removes the query', async () => {
      let linked = false;
      const fetchMock = serve((url) => {
        if (url === '/api/v1/auth/link-oauth') {
          linked = true;
          return ok(null);
        }
        if (url === '/api/v1/user/me/sign-in-methods')
          return ok({
            hasPassword: true,
            providers: linked ? [{ provider: 'google', email: 'ada@gmail.com', linkedAt: '2025-03-01T00:00:00.000Z' }] : [],
          });
        return undefined;
      });
      const { router } = renderRoutes(routes, { path: `${path}?link=google&oauthId=tok-123`, auth: fakeAuth({ user: makeUser() }) });
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Google account linked'));
      const [call] = callsTo(fetchMock, '/api/v1/auth/link-oauth');
      expect(JSON.parse(String(call![1]!.body))).toEqual({ provider: 'google', oauthId: 'tok-123' });
      await waitFor(() => expect(router.state.location.search).toBe(''));
      const list = await screen.findByRole('list', { name: 'Sign-in methods' });
      expect(await within(list).findByText(/ada@gmail\.com/)).toBeInTheDocument();
      expect(within(list).getByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
      // The security events are read again, so 'Google account linked' shows up.
      await waitFor(() =>
        expect(
          fetchMock.mock.calls.filter((call) => String(call[0]).startsWith('/api/v1/user/me/security-events')).length,
        ).toBeGreaterThanOrEqual(2),
      );
    });

    it('shows the server message when a link fails', async () => {
      serve((url) =>
        url === '/api/v1/auth/link-oauth' ? fail(409, 'This Google account is already linked to another user', 'CONFLICT') : undefined,
      );
      renderRoutes(routes, { path: `${path}?link=google&oauthId=tok-123`, auth: fakeAuth({ user: makeUser() }) });
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Failed to link your Google account', {
          description: 'This Google account is already linked to another user',
        }),
      );
    });

    it("refuses to unlink the only sign-in method with the server's message", async () => {
      const fetchMock = serve((url) => {
        if (url === '/api/v1/user/me/sign-in-methods')
          return ok({
            hasPassword: false,
            providers: [{ provider: 'google', email: 'ada@gmail.com', linkedAt: '2025-03-01T00:00:00.000Z' }],
          });
        if (url === '/api/v1/auth/unlink-oauth')
          return fail(409, 'You cannot remove your only sign-in method. Set a password first.', 'CONFLICT');
        return undefined;
      });
      renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
      const list = await screen.findByRole('list', { name: 'Sign-in methods' });
      expect(within(list).getByText('Not set')).toBeInTheDocument();
      // Without a password there is nothing to change: the section says how to set one.
      expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
      await userEvent.click(within(list).getByRole('button', { name: 'Unlink Google' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You cannot remove your only sign-in method. Set a password first.'));
      expect(JSON.parse(String(callsTo(fetchMock, '/api/v1/auth/unlink-oauth')[0]![1]!.body))).toEqual({ provider: 'google' });
    });
  });

  it('pages through the recent security events', async () => {
    const fetchMock = serve((url) => {
      if (!url.startsWith('/api/v1/user/me/security-events')) return undefined;
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return ok({ items: makeSecurityEvents(page === 1 ? 10 : 2, (page - 1) * 10), page, limit: 10, total: 12, totalPages: 2 });
    });
    renderRoutes(routes, { path, auth: fakeAuth({ user: makeUser() }) });
    expect(await screen.findByText('Signed in #1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Signed in #11')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/v1/user/me/security-events?page=2&limit=10');
  });
});
