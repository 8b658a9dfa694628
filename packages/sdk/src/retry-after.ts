/**
 * A Retry-After header in milliseconds from `now`: delta-seconds ("120") or an HTTP date
 * ("Wed, 21 Oct 2026 07:28:00 GMT", never less than 0); null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null; // "-1", "1.5": neither form
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
