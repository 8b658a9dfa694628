import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { openAuthModal } from '@/session/auth-modal-events.ts';
import { AuthModals } from './auth-modals.tsx';

const routes = [{ path: '*', element: <AuthModals /> }];

function serve(overrides: Record<string, (body: Record<string, unknown>) => MockRoute> = {}) {
  return mockFetch((url, init) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const path = url.replace('/api/v1', '');
    if (overrides[path]) return overrides[path](body);
    if (path === '/public-config') return ok({ analytics: null, oauthProviders: [] });
    if (path === '/auth/request-password-reset') return ok(null, 'If an account exists for this email, we have sent a reset code.');
    if (path === '/auth/verify-password-reset-otp')
      return body.code === '123456' ? ok({ valid: true }) : fail(400, 'Invalid or expired code');
    if (path === '/auth/reset-password-with-otp') return ok(null, 'Password reset successfully. Please sign in with your new password.');
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter((call) => call[0] === `/api/v1${path}`).map((call) => JSON.parse(String(call[1]!.body)) as unknown);

async function openSignIn() {
  renderRoutes(routes, { auth: fakeAuth() });
  act(() => openAuthModal({ mode: 'login' }));
  return screen.findByRole('dialog', { name: 'Sign in to Lumen Studio' });
}

describe('password reset from the sign-in modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes e-mail → code → new password → done, then back to sign in with the e-mail filled in', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    const signIn = await openSignIn();
    await user.type(await within(signIn).findByLabelText('Email'), 'ada@example.com');
    await user.click(within(signIn).getByRole('button', { name: 'Forgot password?' }));

    // Step 1: the e-mail typed so far is kept.
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(await within(dialog).findByText('Step 1 of 3: your e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset code' }));

    // Step 2: the code, with the server's enumeration-safe notice.
    expect(await within(dialog).findByText('Step 2 of 3: the code we sent you')).toBeInTheDocument();
    expect(within(dialog).getByText(/If an account exists for this email, we have sent a reset code\./)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/auth/request-password-reset')).toEqual([{ email: 'ada@example.com' }]);
    await user.type(within(dialog).getByLabelText('Reset code'), '12 34 56');
    expect(within(dialog).getByLabelText('Reset code')).toHaveValue('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify code' }));

    // Step 3: the new password, with the policy as a hint.
    expect(await within(dialog).findByText('Step 3 of 3: your new password')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/auth/verify-password-reset-otp')).toEqual([{ email: 'ada@example.com', code: '123456' }]);
    expect(within(dialog).getByText('Password must be at least 8 characters and contain a letter and a number')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New password'), 'brand-new-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'brand-new-1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await within(dialog).findByText('Password reset successfully. Please sign in with your new password.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/auth/reset-password-with-otp')).toEqual([
      { email: 'ada@example.com', code: '123456', newPassword: 'brand-new-1' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Back to sign in' }));
    const back = await screen.findByRole('dialog', { name: 'Sign in to Lumen Studio' });
    expect(await within(back).findByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('opens directly with auth:open mode forgot, and checks the e-mail before calling the server', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderRoutes(routes, { auth: fakeAuth() });
    act(() => openAuthModal({ mode: 'forgot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.type(await within(dialog).findByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset code' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/auth/request-password-reset')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to Lumen Studio' })).toBeInTheDocument();
  });

  it('shows the server message of a refused request on step 1', async () => {
    serve({ '/auth/request-password-reset': () => fail(429, 'Too many requests. Please try again later.', 'RATE_LIMITED') });
    const user = userEvent.setup();
    renderRoutes(routes, { auth: fakeAuth() });
    act(() => openAuthModal({ mode: 'forgot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.type(await within(dialog).findByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(within(dialog).getByText('Step 1 of 3: your e-mail address')).toBeInTheDocument();
  });

  it('on step 2: asks for 6 digits, shows a wrong code, resends after the cooldown, and goes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = serve();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderRoutes(routes, { auth: fakeAuth() });
      act(() => openAuthModal({ mode: 'forgot' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
      await user.type(await within(dialog).findByLabelText('Email'), 'ada@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send reset code' }));
      const code = await within(dialog).findByLabelText('Reset code');

      await user.type(code, '123');
      await user.click(within(dialog).getByRole('button', { name: 'Verify code' }));
      expect(await within(dialog).findByText('Please enter the 6-digit code')).toBeInTheDocument();
      expect(bodiesOf(fetchMock, '/auth/verify-password-reset-otp')).toHaveLength(0);

      await user.clear(code);
      await user.type(code, '999999');
      await user.click(within(dialog).getByRole('button', { name: 'Verify code' }));
      expect(await within(dialog).findByText('Invalid or expired code')).toBeInTheDocument();
      expect(within(dialog).getByText('Step 2 of 3: the code we sent you')).toBeInTheDocument();

      // The code was just sent: resending waits for the cooldown.
      const resend = within(dialog).getByRole('button', { name: /^Resend code in \d+s$/ });
      expect(resend).toBeDisabled();
      await act(async () => vi.advanceTimersByTime(61_000));
      await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
      expect(await within(dialog).findByText(/We sent a new code to ada@example\.com\./)).toBeInTheDocument();
      expect(bodiesOf(fetchMock, '/auth/request-password-reset')).toHaveLength(2);
      expect(within(dialog).getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();

      await user.click(within(dialog).getByRole('button', { name: 'Use another e-mail' }));
      expect(await within(dialog).findByText('Step 1 of 3: your e-mail address')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    } finally {
      vi.useRealTimers();
    }
  });

  it('on step 3: checks the policy and the confirmation, shows a server refusal, and goes back to the code', async () => {
    const fetchMock = serve({ '/auth/reset-password-with-otp': () => fail(400, 'This code has expired. Please ask for a new one.') });
    const user = userEvent.setup();
    renderRoutes(routes, { auth: fakeAuth() });
    act(() => openAuthModal({ mode: 'forgot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.type(await within(dialog).findByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset code' }));
    await user.type(await within(dialog).findByLabelText('Reset code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify code' }));

    await user.type(await within(dialog).findByLabelText('New password'), 'lettersonly');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'different1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('The passwords do not match')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Password must be at least 8 characters and contain a letter and a number', { selector: '[role=alert]' }),
    ).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/auth/reset-password-with-otp')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'brand-new-1');
    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'brand-new-1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('This code has expired. Please ask for a new one.'));

    await user.click(within(dialog).getByRole('button', { name: 'Back to the code' }));
    expect(await within(dialog).findByText('Step 2 of 3: the code we sent you')).toBeInTheDocument();
  });
});
