import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * false on the server and while the browser hydrates the server's HTML (React reads the server snapshot then), true
 * from the render after; true at once in a page the browser renders alone.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
