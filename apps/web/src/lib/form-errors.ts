import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

/**
 * Shows a 400 response's field messages (error.details) under the matching form fields.
 * Returns true when at least one field message was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.details?.length) return false;
  let placed = false;
  for (const issue of error.details) {
    const field = fields.find((name) => issue.field === name || issue.field.startsWith(`${name}.`) || issue.field === `body.${name}`);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message });
    placed = true;
  }
  return placed;
}
