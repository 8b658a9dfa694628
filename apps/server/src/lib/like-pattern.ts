/** An ILIKE pattern matching `search` anywhere; `%` and `_` in it are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
