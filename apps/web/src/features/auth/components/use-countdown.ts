import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a cooldown, ticking down once a second; start(n) begins a new one. */
export function useCountdown(initialSeconds = 0): { secondsLeft: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, start };
}
