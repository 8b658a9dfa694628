import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { SignupForm } from './signup-form.tsx';

const settings = (signupsOpen: boolean) => ({
  signupsOpen,
  maintenanceBanner: { enabled: false, message: '' },
  freePlanCredits: 5,
  cryptoThreshold: 19.2,
  defaultApiKeyRateLimit: 100,
  supportUrl: '',
  communityUrl: '',
  supportEmail: '',
});

function renderForm(signupsOpen: boolean) {
  mockFetch((url) => (url === '/api/v1/settings/public' ? ok(settings(signupsOpen)) : fail(404, 'Not found', 'NOT_FOUND')));
  renderRoutes([{ path: '/', element: <SignupForm onSuccess={vi.fn()} onSwitchToLogin={vi.fn()} oauthReturnTo="/dashboard" /> }], {
    path: '/',
    auth: fakeAuth({}),
  });
}

describe('SignupForm and the sign-ups setting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says sign-ups are closed and disables Create Account when an admin closed them', async () => {
    renderForm(false);
    expect(await screen.findByText('Sign-ups are closed at the moment. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });

  it('stays open otherwise', async () => {
    renderForm(true);
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(screen.queryByText(/Sign-ups are closed/)).not.toBeInTheDocument();
  });
});
