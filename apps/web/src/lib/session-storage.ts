import type { User } from '@lumen/core/users/schemas';
import { storageKeys } from './storage-keys.ts';

/** The stored access token and user (local storage keys token and user). */

export function getStoredToken(): string | null {
  // The server renders pages signed out; it has no storage.
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(storageKeys.token);
}

export function setStoredToken(token: string): void {
  localStorage.setItem(storageKeys.token, token);
}

export function getStoredUser(): User | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(storageKeys.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function setStoredUser(user: User): void {
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.user);
}

type Listener = () => void;
const sessionClearedListeners = new Set<Listener>();

/** The auth state subscribes here so a silent 401 clear signs the user out of the UI too. */
export function onSessionCleared(listener: Listener): () => void {
  sessionClearedListeners.add(listener);
  return () => sessionClearedListeners.delete(listener);
}

export function notifySessionCleared(): void {
  for (const listener of sessionClearedListeners) listener();
}
