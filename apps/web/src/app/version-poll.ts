import { useEffect } from 'react';

export const VERSION_POLL_INTERVAL_MS = 60_000;

/** Fetches /meta.json, bypassing caches with a timestamp query. */
export async function fetchVersion(): Promise<string> {
  const response = await fetch(`/meta.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`meta.json answered ${response.status}`);
  const body = (await response.json()) as { version?: unknown };
  if (typeof body.version !== 'string' && typeof body.version !== 'number') throw new Error('meta.json has no version');
  return String(body.version);
}

/**
 * Check the version file every 60 s and reload when it differs from the first
 * version seen. A failed check is only logged and ignored.
 */
export function startVersionPoll({
  intervalMs = VERSION_POLL_INTERVAL_MS,
  reload = () => window.location.reload(),
}: { intervalMs?: number; reload?: () => void } = {}): () => void {
  let firstVersion: string | null = null;
  let stopped = false;

  const check = async () => {
    try {
      const version = await fetchVersion();
      if (stopped) return;
      if (firstVersion === null) firstVersion = version;
      else if (version !== firstVersion) {
        stopped = true;
        reload();
      }
    } catch (error) {
      console.warn('Version check failed; ignoring.', error);
    }
  };

  void check();
  const timer = window.setInterval(() => void check(), intervalMs);
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}

export function useVersionPoll(enabled = true) {
  useEffect(() => (enabled ? startVersionPoll() : undefined), [enabled]);
}
