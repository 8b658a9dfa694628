import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { UPGRADE_OPEN_EVENT } from '@/features/payments/api/upgrade-modal-events.ts';
import type { ApiKey, IssuedApiKey } from '@lumen/core/api-keys/schemas';
import { ApiManagementPage } from './api-management-page.tsx';

const FULL_KEY = 'sk_live_AbCd1234efGH5678ijKL9012mnOP3456qrST';

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'Backend',
    keyPrefix: 'sk_live_AbCd1234',
    isActive: true,
    status: 'active',
    rateLimit: 100,
    allowedServices: null,
    monthlyCreditCap: null,
    creditsUsed: 7,
    creditsUsedThisMonth: 3,
    webhookUrl: null,
    createdAt: '2025-03-04T10:20:00.000Z',
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    expiresAt: null,
    isExpired: false,
    ipAllowList: null,
    previousKeyPrefix: null,
    previousKeyExpiresAt: null,
    ...overrides,
  };
}

function issued(overrides: Partial<IssuedApiKey> = {}): IssuedApiKey {
  return {
    ...makeKey({ id: 'k2', name: 'New one', keyPrefix: FULL_KEY.slice(0, 16) }),
    apiKey: FULL_KEY,
    webhookSecret: null,
    ...overrides,
  };
}

const routes = [{ path: '/dashboard/account/api-management', element: <ApiManagementPage /> }];

type Handler = (url: string, init: RequestInit) => MockRoute | undefined;

function serve(keys: () => ApiKey[] | MockRoute, extra: Handler = () => undefined) {
  return mockFetch((url, init) => {
    const handled = extra(url, init);
    if (handled) return handled;
    if (url === '/api/v1/api-keys' && (init.method ?? 'GET') === 'GET') {
      const result = keys();
      return Array.isArray(result) ? ok(result) : result;
    }
    if (url === '/api/v1/credits/balance') return ok({ balance: 42 });
    if (url === '/api/v1/connected-apps') return ok([]);
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

function renderPage(user = makeUser()) {
  return renderRoutes(routes, { path: '/dashboard/account/api-management', auth: fakeAuth({ user }) });
}

let clipboardWrite: ReturnType<typeof vi.fn>;

describe('API management page', () => {
  beforeEach(() => {
    clipboardWrite = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: clipboardWrite }, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('shows the active key masked; the toggle reveals only the prefix; status, rate limit, credits used and remaining', async () => {
    serve(() => [makeKey()]);
    renderPage();
    const masked = await screen.findByTestId('masked-key');
    expect(masked).toHaveTextContent(/^•{32}$/);
    await userEvent.click(screen.getByRole('button', { name: 'Show prefix' }));
    expect(masked).toHaveTextContent('sk_live_AbCd1234••••••••••••••••');
    expect(masked.textContent).not.toContain(FULL_KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Hide prefix' }));
    expect(masked).toHaveTextContent(/^•{32}$/);

    const card = screen.getByRole('region', { name: /Active key/ });
    expect(within(card).getByText('100 requests / minute')).toBeInTheDocument();
    expect(within(card).getByText('Credits used').nextElementSibling).toHaveTextContent('7');
    await waitFor(() => expect(within(card).getByText('Credits remaining').nextElementSibling).toHaveTextContent('42'));
    expect(within(card).getByText('Your credit balance (this key has no monthly cap)')).toBeInTheDocument();
  });

  it('labels credits remaining as what is left of a monthly cap, and Buy credits opens the upgrade modal', async () => {
    serve(() => [makeKey({ monthlyCreditCap: 10, creditsUsedThisMonth: 4 })]);
    renderPage();
    const card = await screen.findByRole('region', { name: /Active key/ });
    await waitFor(() => expect(within(card).getByText('Credits remaining').nextElementSibling).toHaveTextContent('6'));
    expect(within(card).getByText(/Left of this key's monthly cap of 10/)).toBeInTheDocument();
    const opened = vi.fn();
    window.addEventListener(UPGRADE_OPEN_EVENT, opened);
    await userEvent.click(within(card).getByRole('button', { name: 'Buy credits' }));
    expect(opened).toHaveBeenCalledTimes(1);
    window.removeEventListener(UPGRADE_OPEN_EVENT, opened);
  });

  it('with no active key opens the name form with Generate and Cancel; a blank name shows the name rule', async () => {
    const fetchMock = serve(() => [makeKey({ status: 'revoked', isActive: false, revokedAt: '2025-03-05T00:00:00.000Z' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = screen.getByRole('form', { name: 'Generate an API key' });
    expect(within(form).getByRole('button', { name: 'Generate' })).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Key name'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Generate' }));
    expect(await within(form).findByText('Please enter a name for your API key')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/generate'))).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Generate an API key' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeInTheDocument();
  });

  it('generates a key: the one-time dialog shows the full key, Copy shows Copied for 2 s, and after closing the key is gone', async () => {
    let keys: ApiKey[] = [];
    const fetchMock = serve(
      () => keys,
      (url, init) => {
        if (url === '/api/v1/api-keys/generate' && init.method === 'POST') {
          keys = [makeKey({ id: 'k2', name: 'New one', keyPrefix: FULL_KEY.slice(0, 16) })];
          return {
            status: 201,
            body: { success: true, data: issued({ webhookSecret: 'whsec_abc123' }), message: 'API key generated successfully!' },
          };
        }
        return undefined;
      },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    await userEvent.type(screen.getByLabelText('Key name'), '  New one ');
    await userEvent.type(screen.getByLabelText('Webhook URL'), 'https://example.com/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByTestId('new-api-key')).toHaveTextContent(FULL_KEY);
    expect(within(dialog).getByTestId('new-webhook-secret')).toHaveTextContent('whsec_abc123');
    expect(toast.success).toHaveBeenCalledWith('API key generated successfully!');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/api-keys/generate');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'New one',
      rateLimit: 100,
      allowedServices: null,
      monthlyCreditCap: null,
      webhookUrl: 'https://example.com/hook',
      expiresAt: null,
      ipAllowList: null,
    });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // user-event installs its own clipboard on setup(): put the mock back.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: clipboardWrite }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(clipboardWrite).toHaveBeenCalledWith(FULL_KEY);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Copied to clipboard');
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    vi.useRealTimers();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: "I've Saved My Key" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.textContent).not.toContain(FULL_KEY);
    expect(document.body.textContent).not.toContain('whsec_abc123');
    expect(await screen.findByTestId('masked-key')).toHaveTextContent(/^•{32}$/);
    expect(JSON.stringify(localStorage)).not.toContain(FULL_KEY);
    expect(JSON.stringify(sessionStorage)).not.toContain(FULL_KEY);
  });

  it('shows the server message when generating fails, and points an unverified user to the verification banner', async () => {
    serve(
      () => [],
      (url) => (url === '/api/v1/api-keys/generate' ? fail(403, 'Please verify your email address first', 'FORBIDDEN') : undefined),
    );
    renderPage(makeUser({ emailVerified: false }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    await userEvent.type(screen.getByLabelText('Key name'), 'CI');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByText('Please verify your email address first');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(/verification banner at the top of this page/);
    expect(toast.error).toHaveBeenCalledWith('Please verify your email address first');
  });

  it("falls back to 'Failed to generate API key' without a server message", async () => {
    serve(
      () => [],
      (url) => (url === '/api/v1/api-keys/generate' ? { status: 500 } : undefined),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    await userEvent.type(screen.getByLabelText('Key name'), 'CI');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to generate API key'));
  });

  it('revokes after the confirm text and toasts; a failure uses the server message', async () => {
    let keys = [makeKey()];
    let revokeAnswer: MockRoute = fail(409, 'This key is already revoked', 'CONFLICT');
    serve(
      () => keys,
      (url, init) => {
        if (url === '/api/v1/api-keys/k1/revoke' && init.method === 'PUT') {
          if (revokeAnswer.status === 200) keys = [makeKey({ status: 'revoked', isActive: false })];
          return revokeAnswer;
        }
        return undefined;
      },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(dialog).toHaveTextContent('Are you sure you want to revoke this API key? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This key is already revoked'));

    revokeAnswer = ok(makeKey({ status: 'revoked', isActive: false }), 'API key revoked successfully');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('API key revoked successfully'));
    expect(await screen.findByRole('button', { name: 'Create API key' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your API keys, newest first' });
    expect(within(table).getByText('Revoked')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Backend' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to revoke API key' on a network error", async () => {
    serve(
      () => [makeKey()],
      (url) => {
        if (url.endsWith('/revoke')) throw new TypeError('network');
        return undefined;
      },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to revoke API key'));
  });

  it('regenerates after the confirm text and shows the new key once; a failure uses the server message or the fallback', async () => {
    let answer: MockRoute = fail(403, 'Please verify your email address first', 'FORBIDDEN');
    serve(
      () => [makeKey()],
      (url, init) => (url === '/api/v1/api-keys/k1/regenerate' && init.method === 'POST' ? answer : undefined),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Regenerate API key' });
    expect(dialog).toHaveTextContent('Are you sure you want to regenerate this API key? The old key will be revoked immediately.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Please verify your email address first'));

    answer = { status: 502 };
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to regenerate API key'));

    answer = { status: 201, body: { success: true, data: issued(), message: 'API key regenerated successfully!' } };
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    dialog = await screen.findByRole('dialog', { name: 'Regenerate API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('API key regenerated successfully!'));
    const oneTime = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(oneTime).getByTestId('new-api-key')).toHaveTextContent(FULL_KEY);
    expect(within(oneTime).queryByTestId('new-webhook-secret')).not.toBeInTheDocument();
  });

  it('creates a key with an expiry day and an IP allow-list; bad ranges and past days are refused in the form', async () => {
    const fetchMock = serve(
      () => [],
      (url, init) =>
        url === '/api/v1/api-keys/generate' && init.method === 'POST'
          ? { status: 201, body: { success: true, data: issued(), message: 'API key generated successfully!' } }
          : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = screen.getByRole('form', { name: 'Generate an API key' });
    await userEvent.type(within(form).getByLabelText('Key name'), 'Prod');
    const expiry = within(form).getByLabelText('Expires on');
    const allowList = within(form).getByLabelText('IP allow-list');

    await userEvent.type(expiry, '2020-01-01');
    await userEvent.type(allowList, '203.0.113.0/24{Enter}10.0.0.0/33');
    await userEvent.click(within(form).getByRole('button', { name: 'Generate' }));
    expect(await within(form).findByText('Pick today or a later day')).toBeInTheDocument();
    expect(within(form).getByText(/Enter IP addresses or CIDR ranges/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/generate'))).toBe(false);

    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2099-12-31');
    await userEvent.clear(allowList);
    await userEvent.type(allowList, '203.0.113.0/24{Enter} 2001:db8::/32, 198.51.100.7');
    await userEvent.click(within(form).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('dialog', { name: 'Your new API key' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/api-keys/generate');
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body.ipAllowList).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']);
    // The end of the chosen day in the browser's time zone.
    expect(new Date(body.expiresAt).getTime()).toBe(new Date(2099, 11, 31, 23, 59, 59, 999).getTime());
  });

  it('edits the active key in place: only the changed settings are sent, the dialog closes and the card shows them', async () => {
    let current = makeKey({ expiresAt: '2099-06-30T12:00:00.000Z' });
    const fetchMock = serve(
      () => [current],
      (url, init) => {
        if (url !== '/api/v1/api-keys/k1' || init.method !== 'PATCH') return undefined;
        const body = JSON.parse(String(init.body)) as Partial<ApiKey>;
        current = { ...current, ...body };
        return ok(current, 'API key updated');
      },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key' });
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByLabelText('Key name')).toHaveValue('Backend');

    const allowList = within(dialog).getByLabelText('IP allow-list');
    await userEvent.type(allowList, '10.0.0.0/33');
    await userEvent.click(save);
    expect(await within(dialog).findByText(/Enter IP addresses or CIDR ranges/)).toBeInTheDocument();
    await userEvent.clear(allowList);
    await userEvent.type(allowList, '203.0.113.0/24');
    await userEvent.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit API key' })).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/v1/api-keys/k1' && init?.method === 'PATCH');
    // The untouched expiry keeps its exact time: it is not sent.
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ipAllowList: ['203.0.113.0/24'] });
    expect(toast.success).toHaveBeenCalledWith('API key updated');
    const card = screen.getByRole('region', { name: /Active key/ });
    expect(await within(card).findByText('203.0.113.0/24')).toBeInTheDocument();
  });

  it('puts a server field message on the expiry field', async () => {
    serve(
      () => [],
      (url) =>
        url === '/api/v1/api-keys/generate'
          ? {
              status: 400,
              body: {
                success: false,
                message: 'expiresAt: Expiry must be in the future',
                error: { code: 'VALIDATION_ERROR', details: [{ field: 'expiresAt', message: 'Expiry must be in the future' }] },
              },
            }
          : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    await userEvent.type(screen.getByLabelText('Key name'), 'Prod');
    await userEvent.type(screen.getByLabelText('Expires on'), '2099-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Expiry must be in the future')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('lists expiry, last use with its IP, the allow-list and an old secret still in its grace period', async () => {
    serve(() => [
      makeKey({
        lastUsedAt: '2025-03-06T08:00:00.000Z',
        lastUsedIp: '203.0.113.9',
        expiresAt: '2099-06-30T12:00:00.000Z',
        ipAllowList: ['203.0.113.0/24', '2001:db8::/32'],
        previousKeyPrefix: 'sk_live_OldOld12',
        previousKeyExpiresAt: '2099-01-02T03:04:00.000Z',
      }),
      makeKey({ id: 'k0', name: 'Old script', expiresAt: '2025-01-01T00:00:00.000Z', isExpired: true, isActive: false }),
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your API keys, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/Jun 30, 2099/);
    expect(first).toHaveTextContent(/from 203\.0\.113\.9/);
    expect(first).toHaveTextContent('203.0.113.0/24, 2001:db8::/32');
    expect(first).toHaveTextContent(/Old secret sk_live_OldOld12… works until Jan 2, 2099/);
    expect(within(first!).getByRole('button', { name: 'Roll Backend' })).toBeInTheDocument();
    expect(within(second!).getByText('Expired')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /^Roll/ })).not.toBeInTheDocument();
    await userEvent.click(within(second!).getByRole('button', { name: 'Delete Old script' }));
    expect(await screen.findByRole('dialog', { name: 'Delete API key' })).toHaveTextContent('Delete this expired key?');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    const card = screen.getByRole('region', { name: /Active key/ });
    expect(within(card).getByText(/Old secret sk_live_OldOld12… works until/)).toBeInTheDocument();
    expect(within(card).getByText('Allowed IPs').nextElementSibling).toHaveTextContent('203.0.113.0/24, 2001:db8::/32');
  });

  it('rolls with the chosen grace period and shows the new secret once, with how long the old one works', async () => {
    let answer: MockRoute = fail(409, 'This API key is revoked; generate a new one', 'CONFLICT');
    const fetchMock = serve(
      () => [makeKey()],
      (url, init) => (url === '/api/v1/api-keys/k1/roll' && init.method === 'POST' ? answer : undefined),
    );
    renderPage();
    const card = await screen.findByRole('region', { name: /Active key/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Roll' }));
    let dialog = await screen.findByRole('dialog', { name: 'Roll API key' });
    expect(dialog).toHaveTextContent(/the old secret keeps working for the time you choose/);
    expect(within(dialog).getByRole('radio', { name: '24 hours' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This API key is revoked; generate a new one'));

    answer = {
      status: 201,
      body: {
        success: true,
        data: issued({
          id: 'k1',
          name: 'Backend',
          previousKeyPrefix: 'sk_live_AbCd1234',
          previousKeyExpiresAt: '2099-01-08T10:00:00.000Z',
        }),
        message: 'API key rolled: use the new secret from now on',
      },
    };
    await userEvent.click(within(card).getByRole('button', { name: 'Roll' }));
    dialog = await screen.findByRole('dialog', { name: 'Roll API key' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('API key rolled: use the new secret from now on'));
    const oneTime = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(oneTime).getByTestId('new-api-key')).toHaveTextContent(FULL_KEY);
    expect(oneTime).toHaveTextContent(/Old secret sk_live_AbCd1234… works until Jan 8, 2099/);
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/api/v1/api-keys/k1/roll')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ grace: '24h' }, { grace: '7d' }]);
    // Regenerate keeps its own confirmation text: the old key dies at once.
    await userEvent.click(within(oneTime).getByRole('button', { name: "I've Saved My Key" }));
    await userEvent.click(within(card).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByRole('dialog', { name: 'Regenerate API key' })).toHaveTextContent(
      'Are you sure you want to regenerate this API key? The old key will be revoked immediately.',
    );
  });

  it("shows 'Failed to load API keys' and empties the list", async () => {
    let first = true;
    serve(() => {
      if (first) {
        first = false;
        return [makeKey()];
      }
      return fail(500, 'Database unavailable', 'INTERNAL');
    });
    const { queryClient } = renderPage();
    expect(await screen.findByTestId('masked-key')).toBeInTheDocument();
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ['api-keys'] }).catch(() => undefined);
    });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to load API keys'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load API keys');
    expect(screen.queryByTestId('masked-key')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No API keys yet')).toBeInTheDocument();
  });

  it('shows per-key usage: requests per day chart, per endpoint, errors and last use', async () => {
    serve(
      () => [makeKey({ lastUsedAt: '2025-03-06T08:00:00.000Z', lastUsedIp: '203.0.113.9' })],
      (url) =>
        url.startsWith('/api/v1/api-keys/k1/usage')
          ? ok({
              totalRequests: 12,
              errors: 2,
              creditsUsed: 7,
              creditsUsedThisMonth: 3,
              lastUsedAt: '2025-03-06T08:00:00.000Z',
              lastUsedIp: '203.0.113.9',
              perDay: [
                { date: '2025-03-05', requests: 5, errors: 0, credits: 2 },
                { date: '2025-03-06', requests: 7, errors: 2, credits: 1 },
              ],
              perEndpoint: [{ method: 'POST', route: '/api/v1/jobs', requests: 3, errors: 1 }],
            })
          : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Show usage of Backend' }));
    const usage = await screen.findByRole('group', { name: 'Usage of Backend' });
    expect(within(usage).getByRole('img', { name: 'Requests per day: 12 over 2 days' })).toBeInTheDocument();
    expect(within(usage).getByText('POST /api/v1/jobs')).toBeInTheDocument();
    expect(within(usage).getAllByText('Errors')[0]?.nextElementSibling).toHaveTextContent('2');
    expect(within(usage).getByText('203.0.113.9')).toBeInTheDocument();
  });

  it('links to the docs, support chat and community support, with security tips', async () => {
    serve(() => []);
    renderPage();
    expect(await screen.findByRole('link', { name: /API documentation/ })).toHaveAttribute('href', '/resources/open-api');
    expect(screen.getByRole('link', { name: /Support chat/ })).toHaveAttribute('href', '/dashboard/support');
    expect(screen.getByRole('link', { name: /Community support/ })).toHaveAttribute('href', '/resources/community');
    expect(screen.getByText(/Never commit keys/)).toBeInTheDocument();
    expect(screen.getByText(/environment variables/)).toBeInTheDocument();
  });

  it('uses the support chat and community links set on /admin/settings', async () => {
    serve(
      () => [],
      (url) =>
        url === '/api/v1/settings/public'
          ? ok({ supportUrl: 'https://chat.lumen.example', communityUrl: 'https://discord.gg/lumen', supportEmail: '', signupsOpen: true })
          : undefined,
    );
    renderPage();
    await waitFor(() => expect(screen.getByRole('link', { name: /Support chat/ })).toHaveAttribute('href', 'https://chat.lumen.example'));
    expect(screen.getByRole('link', { name: /Support chat/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /Community support/ })).toHaveAttribute('href', 'https://discord.gg/lumen');
  });
});
