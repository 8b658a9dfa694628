import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { LoginBody, RegisterBody } from '@lumen/core/auth/schemas';
import type { User } from '@lumen/core/users/schemas';
import { errorMessage } from '@/lib/api-client.ts';
import { isTransientFailure } from '@/lib/query-client.ts';
import { clearStoredSession, getStoredToken, onSessionCleared, setStoredToken, setStoredUser } from '@/lib/session-storage.ts';
import { currentUserQueryOptions } from '@/session/current-user.ts';
import { userKeys } from '@/query-keys/user-keys.ts';
import { AuthContext } from '@/session/auth-context.ts';
import type { AuthContextValue } from '@/session/auth-context.ts';
import { login as loginRequest } from '../api/login.ts';
import { logout as logoutRequest } from '../api/logout.ts';
import { register as registerRequest } from '../api/register.ts';

const STARTUP_RETRIES = 3;

/**
 * The auth state machine:
 * loading → (stored token? GET /user/me → signed in | cleared) → signed out / signed in.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  const setUser = useCallback(
    (next: User) => {
      setStoredUser(next);
      queryClient.setQueryData(userKeys.me(), next);
      setUserState(next);
    },
    [queryClient],
  );

  const clearLocalSession = useCallback(() => {
    clearStoredSession();
    queryClient.clear();
    setUserState(null);
  }, [queryClient]);

  // Start-up: check the stored token once.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!getStoredToken()) {
      setIsLoading(false);
      return;
    }
    // A stored session is only given up when the server refuses it, not on a passing outage.
    queryClient
      .fetchQuery({
        ...currentUserQueryOptions(),
        retry: (failures, error) => failures < STARTUP_RETRIES && isTransientFailure(error),
        retryDelay: (failures) => 300 * 2 ** failures,
      })
      .then((current) => setUser(current))
      .catch(() => {
        clearLocalSession();
        // The server clears the HttpOnly refresh-token cookie.
        logoutRequest().catch(() => undefined);
      })
      .finally(() => setIsLoading(false));
  }, [queryClient, setUser, clearLocalSession]);

  // A 401 the API client could not recover from signs the UI out too.
  useEffect(() => onSessionCleared(() => setUserState(null)), []);

  const login = useCallback(
    async (body: LoginBody) => {
      try {
        const result = await loginRequest(body);
        setStoredToken(result.accessToken);
        setUser(result.user);
        toast.success('Logged in successfully');
        return true;
      } catch (error) {
        toast.error('Login failed. Please check your credentials.', { description: errorMessage(error, '') || undefined });
        return false;
      }
    },
    [setUser],
  );

  const register = useCallback(
    async (body: RegisterBody) => {
      try {
        const result = await registerRequest(body);
        setStoredToken(result.accessToken);
        setUser(result.user);
        toast.success('Registered successfully');
        return true;
      } catch (error) {
        toast.error('Registration failed. Please try again.', { description: errorMessage(error, '') || undefined });
        return false;
      }
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    let ok = true;
    try {
      await logoutRequest();
    } catch {
      ok = false;
    }
    // Leave the protected page first, so no route guard sees a signed-out user on it.
    await navigate('/');
    clearLocalSession();
    if (ok) toast.success('Logged out successfully');
    return ok;
  }, [clearLocalSession, navigate]);

  const refreshUser = useCallback(async () => {
    try {
      const current = await queryClient.fetchQuery(currentUserQueryOptions());
      setUser(current);
      return current;
    } catch {
      toast.error('Failed to refresh user data');
      return null;
    }
  }, [queryClient, setUser]);

  const signInWithToken = useCallback(
    async (accessToken: string) => {
      setStoredToken(accessToken);
      const current = await queryClient.fetchQuery(currentUserQueryOptions());
      setUser(current);
      return current;
    },
    [queryClient, setUser],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading,
      isAuthenticated: user !== null,
      isAdmin: user?.role === 'ADMIN',
      login,
      register,
      logout,
      refreshUser,
      setUser,
      signInWithToken,
    }),
    [user, isLoading, login, register, logout, refreshUser, setUser, signInWithToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
