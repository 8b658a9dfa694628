import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';

/**
 * A host for a modal that opens on a window event (sign-in, payment, upgrade), loaded the first time the event fires:
 * a page that never opens the modal never downloads it, its forms or Stripe. The first event is captured from the
 * moment this module loads (so one fired by a page's first effects is not lost) and dispatched again once the host
 * has mounted and is listening itself.
 */
export function lazyEventHost(eventName: string, load: () => Promise<ComponentType>): ComponentType {
  let needed = false;
  /** The event that asked for the host, until the mounted host has been given it once. */
  let unanswered: CustomEvent | null = null;
  const subscribers = new Set<() => void>();
  if (typeof window !== 'undefined') {
    window.addEventListener(eventName, (event) => {
      if (needed) return;
      needed = true;
      unanswered = event as CustomEvent;
      for (const notify of subscribers) notify();
    });
  }
  const subscribe = (notify: () => void) => {
    subscribers.add(notify);
    return () => subscribers.delete(notify);
  };
  const Loaded = lazy(async () => ({ default: await load() }));

  function Replay() {
    // Runs after the host's own effects (an earlier sibling), so its listener is in place.
    useEffect(() => {
      const event = unanswered;
      unanswered = null;
      if (event) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail as unknown }));
    }, []);
    return null;
  }

  return function LazyEventHost() {
    const isNeeded = useSyncExternalStore(
      subscribe,
      () => needed,
      () => false,
    );
    if (!isNeeded) return null;
    return (
      <Suspense fallback={null}>
        <Loaded />
        <Replay />
      </Suspense>
    );
  };
}
