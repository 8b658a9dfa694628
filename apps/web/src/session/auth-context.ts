import { createContext, useContext } from 'react';
import type { LoginBody, RegisterBody } from '@lumen/core/auth/schemas';
import type { User } from '@lumen/core/users/schemas';

/** The auth state, provided by AuthProvider. */
export type AuthContextValue = {
  user: User | null;
  /** true until the stored token (if any) has been checked */
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** resolves true when signed in; toasts either way */
  login: (body: LoginBody) => Promise<boolean>;
  register: (body: RegisterBody) => Promise<boolean>;
  /** clears local state whatever happens; resolves false when the server call failed */
  logout: () => Promise<boolean>;
  /** re-reads GET /user/me; toasts 'Failed to refresh user data' on failure */
  refreshUser: () => Promise<User | null>;
  /** replaces the signed-in user (after a profile update) */
  setUser: (user: User) => void;
  /** signs in with tokens received out of band (the OAuth callback) */
  signInWithToken: (accessToken: string) => Promise<User>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
