/** `from` as given; a bare date `to` (YYYY-MM-DD) means the end of that day (UTC). */
export function rangeStart(from: string | undefined): Date | undefined {
  return from ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00Z` : from) : undefined;
}

export function rangeEnd(to: string | undefined): Date | undefined {
  if (!to) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) return new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
  return new Date(to);
}
