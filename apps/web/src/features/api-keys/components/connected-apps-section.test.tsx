import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { ConnectedApp } from '@lumen/core/mcp-oauth/schemas';
import { connectedAppMessages } from '@lumen/core/mcp-oauth/schemas';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { CONNECTED_APPS_LOAD_FAILED, ConnectedAppsSection } from './connected-apps-section.tsx';

const app: ConnectedApp = {
  id: '0b8f5c1e-2d3a-4e5f-8a9b-1c2d3e4f5a6b',
  clientName: 'MCP Inspector',
  clientUri: null,
  allowedServices: ['image-generator', 'sound-generator'],
  monthlyCreditCap: 200,
  creditsUsedThisMonth: 12,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

const render = () => renderRoutes([{ path: '/', element: <ConnectedAppsSection /> }], { path: '/', auth: fakeAuth({ user: makeUser() }) });

describe('Connected apps', () => {
  it('lists each app with its services, cap, credits this month and dates, and revokes one', async () => {
    let apps = [app];
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/connected-apps') return ok(apps);
      if (url === `/api/v1/connected-apps/${app.id}` && init.method === 'DELETE') {
        apps = [];
        return ok(null, connectedAppMessages.revoked);
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    render();

    const row = (await screen.findByText('MCP Inspector')).closest('tr')!;
    expect(row).toHaveTextContent('Image Generation, Sound Generation');
    expect(row).toHaveTextContent('200 credits');
    expect(row).toHaveTextContent('12 credits');
    expect(row).toHaveTextContent('Never');

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke MCP Inspector' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(connectedAppMessages.revoked));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(app.id) && init?.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('No connected apps')).toBeInTheDocument();
  });

  it('shows a retryable error when the list cannot be loaded', async () => {
    mockFetch(() => fail(500, 'Boom', 'INTERNAL'));
    render();
    expect(await screen.findByText(CONNECTED_APPS_LOAD_FAILED)).toBeInTheDocument();
  });
});
