import type { JsonSchema, OpenApiDocument } from '../api/openapi-types.ts';
import { resolveSchema, typeLabel } from '../api/openapi-types.ts';

const MAX_DEPTH = 6;

function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  // zod's integer bounds (±2^53-1) say nothing to a reader
  if (schema.minimum !== undefined && Math.abs(schema.minimum) < Number.MAX_SAFE_INTEGER) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) < Number.MAX_SAFE_INTEGER) notes.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) notes.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) notes.push(`max length ${schema.maxLength}`);
  if (schema.pattern && !schema.format) notes.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

/** The object schema to descend into: the object itself, an array's items, or the object variant of a union. */
function childObject(doc: OpenApiDocument, raw: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  const schema = resolveSchema(doc, raw);
  if (!schema || depth > 4) return undefined;
  if (schema.properties) return schema;
  if (schema.items) return childObject(doc, Array.isArray(schema.items) ? schema.items[0] : schema.items, depth + 1);
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = childObject(doc, variant, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A schema as a readable tree: each property with its type, whether it is required, limits and description. */
export function SchemaTree({ doc, schema, depth = 0 }: { doc: OpenApiDocument; schema: JsonSchema | undefined; depth?: number }) {
  const resolved = resolveSchema(doc, schema);
  const object = childObject(doc, resolved);
  if (!resolved) return <p className="text-xs text-slate-500">No schema.</p>;
  if (!object?.properties || Object.keys(object.properties).length === 0) {
    return <p className="font-mono text-xs text-slate-700">{typeLabel(doc, resolved)}</p>;
  }
  const required = new Set(object.required ?? []);
  return (
    <ul className={depth === 0 ? 'min-w-0 space-y-1 wrap-anywhere' : 'mt-1 min-w-0 space-y-1 border-l border-slate-200 pl-3'}>
      {resolved !== object && depth === 0 && <li className="font-mono text-xs text-slate-500">{typeLabel(doc, resolved)}</li>}
      {Object.entries(object.properties).map(([name, property]) => {
        const child = resolveSchema(doc, property);
        const nested = depth < MAX_DEPTH ? childObject(doc, child) : undefined;
        const notes = child ? constraints(child) : [];
        const line = (
          <span className="text-xs">
            <span className="font-mono font-semibold text-slate-900">{name}</span>{' '}
            <span className="font-mono text-brand-700">{typeLabel(doc, child)}</span>
            {required.has(name) && <span className="ml-1 text-[0.7rem] font-semibold text-red-700 uppercase">required</span>}
            {notes.length > 0 && <span className="ml-1 text-slate-500">({notes.join(', ')})</span>}
            {child?.description && <span className="block text-slate-600">{child.description}</span>}
          </span>
        );
        return (
          <li key={name}>
            {nested?.properties ? (
              <details open={depth < 1}>
                <summary className="min-h-11 cursor-pointer py-3">{line}</summary>
                <SchemaTree doc={doc} schema={nested} depth={depth + 1} />
              </details>
            ) : (
              line
            )}
          </li>
        );
      })}
    </ul>
  );
}
