import { AppError } from '../../plugins/app-error.ts';

/** A reorder must name every non-archived item exactly once, and nothing else. */
export function assertSameIds(currentIds: readonly string[], requestedIds: readonly string[], what: string): void {
  const current = new Set(currentIds);
  const isSameSet =
    requestedIds.length === current.size &&
    new Set(requestedIds).size === requestedIds.length &&
    requestedIds.every((id) => current.has(id));
  if (!isSameSet) {
    const message = `ids must list every ${what} exactly once (${current.size} expected)`;
    throw new AppError('VALIDATION_ERROR', 400, message, { details: [{ field: 'ids', message }] });
  }
}
