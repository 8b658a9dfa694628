import type { JsonSchema, OpenApiDocument } from './openapi-types.ts';
import { resolveSchema } from './openapi-types.ts';

/** A JSON example drawn from a schema (defaults, first enum values, placeholders), for Try it and the curl examples. */
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
