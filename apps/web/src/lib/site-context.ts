import { createContext, useContext } from 'react';

/**
 * What a render knows about where it runs: the site's public origin (for canonical and Open Graph
 * URLs, the same on the server and in the browser so hydration matches) and, on the server, the
 * HTTP status the rendered page asks for.
 */
export type SiteContextValue = {
  origin: string;
  /** Set on the server only; pages that mean "not found" write 404 here. */
  response?: { status: number };
};

/** Outside a provider (tests): the page's own origin. */
export const SiteContext = createContext<SiteContextValue>({ origin: typeof window === 'undefined' ? '' : window.location.origin });

export function useSite(): SiteContextValue {
  return useContext(SiteContext);
}
