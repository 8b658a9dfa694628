import { createContext, useContext } from 'react';
import type { TryItAuth } from '../api/try-it-request.ts';

/** How Try it authenticates: the API key in X-API-Key or as a Bearer token, the signed-in session, or nothing. */
export type CredentialMode = 'x-api-key' | 'authorization' | 'session' | 'none';

export type TryItCredentials = {
  mode: CredentialMode;
  key: string;
  setMode: (mode: CredentialMode) => void;
  setKey: (key: string) => void;
};

/** The credentials every Try it on the page sends, typed once: held in the reference's memory, never stored. */
export const TryItCredentialsContext = createContext<TryItCredentials | null>(null);

export function useTryItCredentials(): TryItCredentials {
  const value = useContext(TryItCredentialsContext);
  if (!value) throw new Error('useTryItCredentials must be used inside the API reference');
  return value;
}

export function tryItAuth({ mode, key }: Pick<TryItCredentials, 'mode' | 'key'>): TryItAuth {
  if (mode === 'session' || mode === 'none') return { kind: mode };
  return { kind: 'api-key', key, header: mode };
}
