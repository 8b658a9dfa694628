import { z } from 'zod';

export type MultipartBodyDoc = {
  type: 'object';
  required: string[];
  properties: Record<string, unknown>;
  additionalProperties: false;
};

/**
 * The OpenAPI description of a multipart/form-data body. Multipart routes read their parts
 * themselves (one file, a few text fields), so this documents them and validates nothing;
 * the openapi plugin puts it in the operation's requestBody (route config `multipartBody`).
 */
export function multipartBodyDoc(file: { field: string; description: string }, fields?: z.ZodObject): MultipartBodyDoc {
  const text = fields ? (z.toJSONSchema(fields, { io: 'input' }) as { properties?: Record<string, unknown>; required?: string[] }) : {};
  return {
    type: 'object',
    required: [file.field, ...(text.required ?? [])],
    properties: {
      [file.field]: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: file.description },
      ...text.properties,
    },
    additionalProperties: false,
  };
}
