import { useEffect, useState } from 'react';

/** Milliseconds left until an ISO time, updated every second (0 once it has passed). */
export function useCountdown(untilIso: string): number {
  const target = new Date(untilIso).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Number.isNaN(target) ? 0 : Math.max(0, target - now);
}

/** 3725000 → '1:02:05', 65000 → '1:05'. */
export function formatRemaining(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
