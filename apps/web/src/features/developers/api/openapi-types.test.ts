import { describe, expect, it } from 'vitest';
import { acceptsApiKey, collectOperations, filterOperations, resolveSchema, typeLabel } from './openapi-types.ts';
import type { OpenApiDocument } from './openapi-types.ts';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/jobs/{id}': { get: { tags: ['jobs'], summary: 'One job' }, delete: { tags: ['jobs'], summary: 'Delete a job' } },
    '/api/v1/api-keys': { get: { summary: 'Your keys' } },
  },
  components: { schemas: { Id: { type: 'string', format: 'uuid' }, Ref: { $ref: '#/components/schemas/Id' } } },
};

describe('OpenAPI helpers', () => {
  it('collects operations grouped by tag or path segment and marks the routes an API key may call', () => {
    const operations = collectOperations(doc);
    expect(operations.map((op) => `${op.group} ${op.method} ${op.path}`)).toEqual([
      'Api Keys get /api/v1/api-keys',
      'Jobs get /api/v1/jobs/{id}',
      'Jobs delete /api/v1/jobs/{id}',
    ]);
    expect(operations.map((op) => op.acceptsApiKey)).toEqual([false, true, true]);
    expect(acceptsApiKey('get', '/api/v1/jobs/{id}/outputs/{outputId}/download')).toBe(true);
    expect(acceptsApiKey('get', '/api/v1/jobs/{id}/download')).toBe(true);
    expect(acceptsApiKey('get', '/api/v1/user/me')).toBe(false);
    expect(filterOperations(operations, 'delete job').map((op) => op.summary)).toEqual(['Delete a job']);
  });

  it('follows $ref chains and labels types', () => {
    expect(resolveSchema(doc, { $ref: '#/components/schemas/Ref' })).toEqual({ type: 'string', format: 'uuid' });
    expect(typeLabel(doc, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeLabel(doc, { type: 'array', items: { $ref: '#/components/schemas/Id' } })).toBe('array of string (uuid)');
  });
});
