import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type * as SonnerModule from 'sonner';

/**
 * Toasts that load on demand. In the web build every `import { toast } from 'sonner'` resolves to this module (the
 * plugin in vite.config.ts), so public pages do not download the toast library until something is announced. The
 * toaster has its own root outside #root: an open modal can hide the page from assistive technology while toasts stay
 * announced, and the server-rendered markup has nothing of it to hydrate.
 */
type Sonner = typeof SonnerModule;
type Kind = 'error' | 'success' | 'info';
type Message = Parameters<Sonner['toast']['error']>[0];
type Options = Parameters<Sonner['toast']['error']>[1];

let mounted: Promise<Sonner> | null = null;

/** Loads sonner and mounts its toaster; resolves once the toaster listens, since sonner drops toasts sent before that. */
export function mountToasts(): Promise<Sonner> {
  mounted ??= import('sonner').then(
    (sonner) =>
      new Promise<Sonner>((resolve) => {
        // An effect of a later sibling runs after the toaster's own effects, where it subscribes.
        function Listening() {
          useEffect(() => resolve(sonner), []);
          return null;
        }
        createRoot(document.body.appendChild(document.createElement('div'))).render(
          <>
            {/* Below the 64 px header, so a toast never covers the credits pill or the account menu. */}
            <sonner.Toaster closeButton position="top-right" offset={{ top: 80 }} mobileOffset={{ top: 72 }} />
            <Listening />
          </>,
        );
      }),
  );
  return mounted;
}

const announce = (kind: Kind) => (message: Message, options?: Options) => {
  void mountToasts().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
};

export const toast = { error: announce('error'), success: announce('success'), info: announce('info') };
