/** The rows of a `db.execute` result: node-postgres answers `{ rows }`, PGlite and some drivers an array. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
