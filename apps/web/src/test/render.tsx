import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { User } from '@lumen/core/users/schemas';
import { createQueryClient } from '@/lib/query-client.ts';
import { AuthContext } from '@/session/auth-context.ts';
import type { AuthContextValue } from '@/session/auth-context.ts';
import { vi } from 'vitest';

export function fakeAuth(overrides: Partial<AuthContextValue> & { user?: User | null } = {}): AuthContextValue {
  const user = overrides.user ?? null;
  return {
    user,
    isLoading: false,
    isAuthenticated: user !== null,
    isAdmin: user?.role === 'ADMIN',
    login: vi.fn(async () => true),
    register: vi.fn(async () => true),
    logout: vi.fn(async () => true),
    refreshUser: vi.fn(async () => user),
    setUser: vi.fn(),
    signInWithToken: vi.fn(async () => user as User),
    ...overrides,
  };
}

/** Renders routes in a memory router with a fresh query client (and, optionally, a fake auth state). */
export function renderRoutes(routes: RouteObject[], { path = '/', auth }: { path?: string; auth?: AuthContextValue } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const wrap = (node: ReactNode) => (auth ? <AuthContext.Provider value={auth}>{node}</AuthContext.Provider> : node);
  const utils = render(<QueryClientProvider client={queryClient}>{wrap(<RouterProvider router={router} />)}</QueryClientProvider>);
  return { ...utils, router, queryClient };
}
