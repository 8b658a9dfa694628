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
    <ul className={depth === 0 ? 'space-y-1' : 'mt-1 space-y-1 border-l border-slate-200 pl-3'}>
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
                <summary className="cursor-pointer">{line}</summary>
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

/** A JSON example drawn from a schema (defaults, first enum values, placeholders), for the Try it body. */
export function exampleFromSchema(doc: OpenApiDocument, raw: JsonSchema | undefined, depth = 0): unknown {
  const schema = resolveSchema(doc, raw);
  if (!schema || depth > 5) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const nonNull = variants.find((variant) => resolveSchema(doc, variant)?.type !== 'null') ?? variants[0];
    return exampleFromSchema(doc, nonNull, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const result: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const hasDefault = resolveSchema(doc, property)?.default !== undefined;
      if (required.size === 0 || required.has(name) || hasDefault) result[name] = exampleFromSchema(doc, property, depth + 1);
    }
    return result;
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') return schema.format === 'uuid' ? '00000000-0000-0000-0000-000000000000' : 'string';
  return null;
}
