import type { Operation } from './openapi-types.ts';

/** Operations whose method, path, summary, description, group, tags or operationId contain every search word. */
export function filterOperations(operations: Operation[], search: string): Operation[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return operations;
  return operations.filter((op) => {
    const text = [op.method, op.path, op.summary, op.description ?? '', op.group, ...op.tags, op.operationId ?? ''].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
