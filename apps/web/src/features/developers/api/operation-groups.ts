import type { OpenApiDocument, Operation } from './openapi-types.ts';

export type OperationGroup = {
  name: string;
  /** the description of the group's tag in the document */
  description?: string;
  operations: Operation[];
  isAdmin: boolean;
};

const keyOperations = (group: OperationGroup) => group.operations.filter((op) => op.acceptsApiKey).length;

/** Groups whose operations take an API key come first, most first: they are what people call from their own code. */
function rank(group: OperationGroup): number {
  if (group.isAdmin) return 2;
  return keyOperations(group) > 0 ? 0 : 1;
}

/**
 * The operations by group, in reading order: the groups that take an API key, the other user groups by name,
 * then, only when `includeAdmin` is set, the administration routes.
 */
export function groupOperations(
  doc: OpenApiDocument,
  operations: Operation[],
  { includeAdmin }: { includeAdmin: boolean },
): OperationGroup[] {
  const descriptions = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
  const byName = new Map<string, OperationGroup>();
  for (const operation of operations) {
    if (operation.isAdmin && !includeAdmin) continue;
    // An admin route that carries a user tag still belongs with the admin routes.
    const name = operation.isAdmin && operation.group !== 'Admin' ? `Admin: ${operation.group}` : operation.group;
    const group = byName.get(name) ?? {
      name,
      description: operation.tags[0] ? descriptions.get(operation.tags[0]) : undefined,
      operations: [],
      isAdmin: operation.isAdmin,
    };
    group.operations.push(operation);
    byName.set(name, group);
  }
  return [...byName.values()].sort((a, b) => rank(a) - rank(b) || keyOperations(b) - keyOperations(a) || a.name.localeCompare(b.name));
}
