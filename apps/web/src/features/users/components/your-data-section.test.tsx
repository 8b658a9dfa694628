import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { accountDataMessages } from '@lumen/core/users/account-data';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockHandler } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { storageKeys } from '@/lib/storage-keys.ts';
import { YourDataSection } from './your-data-section.tsx';

const routes = [
  { path: '/dashboard/account/profile', element: <YourDataSection /> },
  { path: '/', element: <p>Home page</p> },
];

function serve(hasPassword: boolean, handler: MockHandler) {
  return mockFetch((url, init) => (url === '/api/v1/user/me/sign-in-methods' ? ok({ hasPassword, providers: [] }) : handler(url, init)));
}

function render() {
  localStorage.setItem(storageKeys.token, 'access-token');
  return renderRoutes(routes, { path: '/dashboard/account/profile', auth: fakeAuth({ user: makeUser() }) });
}

const deleteCalls = (fn: ReturnType<typeof mockFetch>) => fn.mock.calls.filter((call) => String(call[0]) === '/api/v1/user/me/delete');

describe('Your data: delete account', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for the password, shows a wrong one in the dialog and stays signed in', async () => {
    const fetchMock = serve(true, () => fail(400, accountDataMessages.passwordIncorrect));
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(accountDataMessages.passwordRequired);
    expect(deleteCalls(fetchMock)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(accountDataMessages.passwordIncorrect)).toBeInTheDocument();
    expect(JSON.parse(String(deleteCalls(fetchMock)[0]![1]?.body))).toEqual({ password: 'wrong-password' });
    expect(router.state.location.pathname).toBe('/dashboard/account/profile');
    expect(localStorage.getItem(storageKeys.token)).toBe('access-token');
  });

  it('deletes with the password, then signs out to / with a toast', async () => {
    const fetchMock = serve(true, () => ok(null, accountDataMessages.deleted));
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'correct-horse-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(accountDataMessages.deleted));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    const [, init] = deleteCalls(fetchMock)[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'correct-horse-1' });
  });

  it('without a password: e-mails a code on request and deletes with it', async () => {
    const fetchMock = serve(false, (url) =>
      url === '/api/v1/user/me/delete/code'
        ? ok({ email: 'ada@example.com', retryAfterSeconds: null })
        : ok(null, accountDataMessages.deleted),
    );
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'E-mail me a code' }));
    expect(await within(dialog).findByText('We sent a 6-digit code to ada@example.com.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Code from the e-mail'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(deleteCalls(fetchMock)[0]![1]?.body))).toEqual({ code: '123456' });
    expect(toast.success).toHaveBeenCalledWith(accountDataMessages.deleted);
  });

  it('cancel closes the dialog without calling the server', async () => {
    const fetchMock = serve(true, () => ok(null));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteCalls(fetchMock)).toHaveLength(0);
  });
});

describe('Your data: download', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('posts /user/me/export with the token and toasts the server message when it refuses', async () => {
    const fetchMock = serve(true, () => fail(429, accountDataMessages.exportTooSoon(9), 'RATE_LIMITED'));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not download your data', { description: accountDataMessages.exportTooSoon(9) }),
    );
    const call = fetchMock.mock.calls.find((entry) => String(entry[0]) === '/api/v1/user/me/export')!;
    expect(call[1]?.method).toBe('POST');
    expect((call[1]?.headers as Record<string, string>).authorization).toBe('Bearer access-token');
  });

  it('refreshes an expired access token once and saves the zip under the server’s name', async () => {
    let exports = 0;
    const fetchMock = serve(true, (url) => {
      if (url === '/api/v1/auth/refresh') return ok({ accessToken: 'fresh-token' });
      exports += 1;
      return exports === 1
        ? fail(401, 'Your session has ended. Please sign in again.', 'UNAUTHORIZED')
        : { status: 200, body: 'zip bytes' };
    });
    const createObjectURL = vi.fn(() => 'blob:archive');
    const clicked: string[] = [];
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your data is downloading'));
    const calls = fetchMock.mock.calls.filter((entry) => String(entry[0]) === '/api/v1/user/me/export');
    expect(calls).toHaveLength(2);
    expect((calls[1]![1]?.headers as Record<string, string>).authorization).toBe('Bearer fresh-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual(['lumen-studio-data.zip']);
    click.mockRestore();
  });
});
