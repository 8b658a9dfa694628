import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentView } from '@lumen/core/mcp-oauth/schemas';
import { connectedAppMessages } from '@lumen/core/mcp-oauth/schemas';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { CONSENT_MISSING, OAuthConsentPage, VERIFY_EMAIL_FIRST, consentNavigation } from './oauth-consent-page.tsx';

const ID = '6f1f2d9a-4b8e-4c1a-9d3e-2a7b5c8e9f01';
const view: ConsentView = {
  id: ID,
  client: { name: 'Claude Desktop', uri: null, redirectHost: 'localhost:6274', verified: false },
  requestedServices: ['image-generator'],
  services: [
    { key: 'ai-background', name: 'AI Background', tool: 'ai_background' },
    { key: 'image-generator', name: 'Image Generation', tool: 'image_generator' },
  ],
  commonTools: ['get_job'],
  expiresAt: '2026-11-28T04:00:00.000Z',
};

function serve(decision = ok({ redirectTo: 'http://localhost:6274/oauth/callback?code=abc&state=s' })) {
  return mockFetch((url, init) => {
    if (url === `/api/v1/oauth/authorizations/${ID}` && (init.method ?? 'GET') === 'GET') return ok(view);
    if (url === `/api/v1/oauth/authorizations/${ID}/decision`) return decision;
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

const render = (path = `/oauth/consent?request=${ID}`, user = makeUser()) =>
  renderRoutes([{ path: '/oauth/consent', element: <OAuthConsentPage /> }], { path, auth: fakeAuth({ user }) });

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, suffix: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(suffix));
  return JSON.parse(String(call?.[1]?.body)) as unknown;
};

describe('OAuth consent page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the unverified app, its tools and where it returns, and approves with the chosen services and cap', async () => {
    const go = vi.spyOn(consentNavigation, 'go').mockImplementation(() => undefined);
    const fetchMock = serve();
    render();

    expect(await screen.findByRole('heading', { name: 'Connect Claude Desktop to your Lumen Studio account?' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Unverified app.');
    expect(screen.getByRole('note')).toHaveTextContent('localhost:6274');
    expect(screen.queryByText(VERIFY_EMAIL_FIRST, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByText('image_generator')).toBeInTheDocument();
    expect(screen.getByText(/It can also call get_job/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Image Generation/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /AI Background/ })).not.toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: /AI Background/ }));
    const cap = screen.getByLabelText('Monthly credit cap');
    await userEvent.clear(cap);
    await userEvent.type(cap, '250');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost:6274/oauth/callback?code=abc&state=s'));
    expect(bodyOf(fetchMock, '/decision')).toEqual({
      approve: true,
      services: ['image-generator', 'ai-background'],
      monthlyCreditCap: 250,
    });
  });

  it('denies with approve false, and refuses to approve with no service', async () => {
    const go = vi.spyOn(consentNavigation, 'go').mockImplementation(() => undefined);
    const fetchMock = serve(ok({ redirectTo: 'http://localhost:6274/oauth/callback?error=access_denied' }));
    render();

    await userEvent.click(await screen.findByRole('checkbox', { name: /Image Generation/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alert')).toHaveTextContent(connectedAppMessages.servicesRequired);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/decision'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost:6274/oauth/callback?error=access_denied'));
    expect(bodyOf(fetchMock, '/decision')).toEqual({ approve: false });
  });

  it('says so when the request expired or was answered, and when the page has no request', async () => {
    mockFetch(() => fail(404, 'This sign-in request has expired or was already answered.', 'NOT_FOUND'));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in request has expired or was already answered.');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('tells a user whose address is not verified yet to verify it first, and shows the server refusal', async () => {
    vi.spyOn(consentNavigation, 'go').mockImplementation(() => undefined);
    serve(fail(403, 'Please verify your email address first', 'FORBIDDEN'));
    render(undefined, makeUser({ emailVerified: false }));
    expect(await screen.findByText(VERIFY_EMAIL_FIRST, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the dashboard' })).toHaveAttribute('href', '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your email address first');
    expect(consentNavigation.go).not.toHaveBeenCalled();
  });

  it('asks for a request when none is given', async () => {
    mockFetch(() => fail(404, 'Not found', 'NOT_FOUND'));
    render('/oauth/consent');
    expect(await screen.findByRole('alert')).toHaveTextContent(CONSENT_MISSING);
  });
});
