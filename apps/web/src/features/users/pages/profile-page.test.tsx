import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { fail, mockFetch as mockAllFetch, ok } from '@/test/fetch-mock.ts';
import type { MockHandler } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { ProfilePage } from './profile-page.tsx';
import { isAccountSecurityCall, serveAccountSecurity } from './profile-security-fixtures.ts';

const routes = [{ path: '/', element: <ProfilePage /> }];

/** The security sections' calls get default answers; the handler sees (and the mock records) the profile calls. */
function mockFetch(handler: MockHandler) {
  const fn = mockAllFetch((url, init) => (isAccountSecurityCall(url) ? serveAccountSecurity(url, init) : handler(url, init)));
  const profileCalls = () => fn.mock.calls.filter((call) => !isAccountSecurityCall(String(call[0])));
  return Object.assign(fn, { profileCalls });
}

describe('profile page', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('updates the first and last name with PUT /user/me', async () => {
    const user = makeUser();
    const updated = { ...user, firstName: 'Augusta' };
    const fetchMock = mockFetch(() => ok(updated));
    const auth = fakeAuth({ user });
    renderRoutes(routes, { auth });
    const first = screen.getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    const [url, init] = fetchMock.profileCalls()[0]!;
    expect(url).toBe('/api/v1/user/me');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ firstName: 'Augusta', lastName: 'Lovelace' });
    expect(auth.setUser).toHaveBeenCalledWith(updated);
  });

  it("shows the field message and doesn't call the server for an empty name", async () => {
    const fetchMock = mockFetch(() => ok(null));
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser() }) });
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(fetchMock.profileCalls()).toHaveLength(0);
  });

  it("toasts 'Failed to update profile' with the server message", async () => {
    mockFetch(() => fail(400, 'First name is too long', 'VALIDATION_ERROR'));
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser() }) });
    await userEvent.type(screen.getByLabelText('First name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update profile', { description: 'First name is too long' }));
  });

  it('uploads a picture as multipart field profileImage and shows it through the image helper', async () => {
    const user = makeUser();
    const fetchMock = mockFetch(() => ok({ ...user, profileImage: 'uploads/avatars/a.webp' }));
    const auth = fakeAuth({ user });
    renderRoutes(routes, { auth });
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload a profile picture'), file);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile picture updated'));
    const [url, init] = fetchMock.profileCalls()[0]!;
    expect(url).toBe('/api/v1/user/me/avatar');
    expect((init?.body as FormData).get('profileImage')).toBeInstanceOf(File);
    expect(auth.setUser).toHaveBeenCalledWith(expect.objectContaining({ profileImage: 'uploads/avatars/a.webp' }));
  });

  it('shows the avatar from its relative upload path', () => {
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser({ profileImage: 'uploads/avatars/a.webp' }) }) });
    expect(screen.getByAltText('Your profile picture')).toHaveAttribute('src', '/uploads/avatars/a.webp');
  });

  it('refuses other file types before uploading', async () => {
    const fetchMock = mockFetch(() => ok(null));
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser() }) });
    const events = userEvent.setup({ applyAccept: false });
    await events.upload(screen.getByLabelText('Upload a profile picture'), new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(toast.error).toHaveBeenCalledWith('Failed to upload profile picture', {
      description: 'Please choose a PNG, JPEG or WebP image.',
    });
    expect(fetchMock.profileCalls()).toHaveLength(0);
  });

  it("shows the server's message when the upload is refused", async () => {
    mockFetch(() => fail(415, 'Only PNG, JPEG or WebP images are accepted', 'UNSUPPORTED_MEDIA_TYPE'));
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser() }) });
    await userEvent.upload(screen.getByLabelText('Upload a profile picture'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to upload profile picture', {
        description: 'Only PNG, JPEG or WebP images are accepted',
      }),
    );
  });
});
