import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { AuthContext } from '@/session/auth-context.ts';
import type { AuthContextValue } from '@/session/auth-context.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { SiteContext } from '@/lib/site-context.ts';
import { mockFetch } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth } from '@/test/render.tsx';
import { openApiDocument } from './open-api-page.fixtures.ts';
import { OpenApiPage } from './open-api-page.tsx';

/** The page as the server renders it and the browser hydrates it. */
function page(auth: AuthContextValue, queryClient = createQueryClient()) {
  return (
    <StrictMode>
      <SiteContext.Provider value={{ origin: 'https://lumen.example' }}>
        <QueryClientProvider client={queryClient}>
          <AuthContext.Provider value={auth}>
            <MemoryRouter initialEntries={['/resources/open-api']}>
              <OpenApiPage />
            </MemoryRouter>
          </AuthContext.Provider>
        </QueryClientProvider>
      </SiteContext.Provider>
    </StrictMode>
  );
}

// The server and the browser's first render know no user: AuthProvider starts loading with none.
const unknownUser = fakeAuth({ isLoading: true });

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('the server-rendered Open API page', () => {
  let root: Root | undefined;
  // Testing Library sets this only around its own render; this test hydrates by hand.
  beforeAll(() => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it('leaves the document to the browser, hydrates without a mismatch, then lists the user groups collapsed; an admin gets the admin routes once known', async () => {
    const fetchMock = mockFetch((url) => (url === '/api/v1/openapi.json' ? { status: 200, body: openApiDocument } : { status: 404 }));
    // The server renders the page around the reference and does not ask for the ~1 MB document.
    const html = renderToString(page(unknownUser));
    expect(html).toContain('Typed SDK');
    expect(html).toContain('Loading the API reference');
    expect(fetchMock).not.toHaveBeenCalled();

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const queryClient = createQueryClient();
    await act(async () => {
      root = hydrateRoot(container, page(unknownUser, queryClient), { onRecoverableError: recoverable });
    });
    await waitFor(() => expect(within(container).getByRole('heading', { name: 'Jobs', level: 3 })).toBeInTheDocument());
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Collapsed groups render no operations, and the user is not known yet: no admin routes.
    expect(container.querySelectorAll('[data-testid="operation"]')).toHaveLength(0);
    expect(within(container).queryByRole('heading', { name: 'Admin', level: 3 })).toBeNull();

    await act(async () => root!.render(page(fakeAuth({ user: makeUser({ role: 'ADMIN' }) }), queryClient)));
    expect(within(container).getByRole('heading', { name: 'Admin', level: 3 })).toBeInTheDocument();
  });
});
