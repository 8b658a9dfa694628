import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lumen/core/users/schemas';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { DashboardLayout } from '@/app/layouts/dashboard-layout.tsx';
import { AuthContext } from '@/session/auth-context.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const unverified = makeUser({ emailVerified: false });
const routes = [{ path: '/', element: <VerifyEmailBanner /> }];

describe('e-mail verification banner', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows in the dashboard layout for an unverified user only', async () => {
    mockFetch(() => ok({ balance: 5 }));
    const layoutRoutes = [{ path: '/', element: <DashboardLayout />, children: [{ index: true, element: <h1>Dashboard home</h1> }] }];
    const first = renderRoutes(layoutRoutes, { auth: fakeAuth({ user: unverified }) });
    expect(await screen.findByRole('heading', { name: 'Please verify your email address' })).toBeInTheDocument();
    expect(screen.getByText(/Verifying unlocks buying credits and creating API keys/)).toBeInTheDocument();
    first.unmount();
    renderRoutes(layoutRoutes, { auth: fakeAuth({ user: makeUser({ emailVerified: true }) }) });
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Please verify your email address' })).not.toBeInTheDocument();
  });

  it('submits the 6-digit code and stores the verified user, which hides the banner', async () => {
    const verified = { ...unverified, emailVerified: true };
    const fetchMock = mockFetch((url) =>
      url === '/api/v1/auth/verify-email-otp' ? ok(verified, 'Email verified successfully') : fail(404, 'nope'),
    );
    const setUser = vi.fn();
    function StatefulAuth() {
      const [current, setCurrent] = useState<User>(unverified);
      setUser.mockImplementation(setCurrent);
      return (
        <AuthContext.Provider value={fakeAuth({ user: current, setUser })}>
          <VerifyEmailBanner />
        </AuthContext.Provider>
      );
    }
    renderRoutes([{ path: '/', element: <StatefulAuth /> }]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(setUser).toHaveBeenCalledWith(verified));
    expect(toast.success).toHaveBeenCalledWith('Email verified successfully');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/verify-email-otp');
    expect(JSON.parse(String(init!.body))).toEqual({ code: '654321' });
    // With the verified user the banner renders nothing.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Please verify your email address' })).not.toBeInTheDocument());
  });

  it('hides itself once the user is verified', () => {
    renderRoutes(routes, { auth: fakeAuth({ user: makeUser({ emailVerified: true }) }) });
    expect(screen.queryByRole('heading', { name: 'Please verify your email address' })).not.toBeInTheDocument();
  });

  it('asks for 6 digits and shows a wrong code', async () => {
    const fetchMock = mockFetch(() => fail(400, 'Invalid or expired code'));
    renderRoutes(routes, { auth: fakeAuth({ user: unverified }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '12a3');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the 6-digit code');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Verification code'), '456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid or expired code'));
  });

  it('resends the code, then counts the cooldown down before allowing another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(() => ok(null));
    renderRoutes(routes, { auth: fakeAuth({ user: unverified }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to ada@example.com.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/auth/resend-email-verification');
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('button', { name: 'Resend code in 55s' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(56_000));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('shows the cooldown the server asks for on 429', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() => fail(429, 'Please wait before requesting another code (42 s)', 'RATE_LIMITED'));
    renderRoutes(routes, { auth: fakeAuth({ user: unverified }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait before requesting another code (42 s)');
    expect(screen.getByRole('button', { name: 'Resend code in 42s' })).toBeDisabled();
  });

  it('re-reads the user when the server says the address is already verified', async () => {
    mockFetch(() => fail(409, 'Email is already verified', 'CONFLICT'));
    const auth = fakeAuth({ user: unverified });
    renderRoutes(routes, { auth });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());
  });
});
