import { describe, expect, it } from 'vitest';
import { acceptsApiKey, collectOperations, resolveSchema, typeLabel } from './openapi-types.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { filterOperations } from './operation-search.ts';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/jobs/{id}': { get: { tags: ['jobs'], summary: 'One job' }, delete: { tags: ['jobs'], summary: 'Delete a job' } },
    '/api/v1/api-keys': { get: { summary: 'Your keys', operationId: 'listApiKeys' } },
  },
  components: { schemas: { Id: { type: 'string', format: 'uuid' }, Ref: { $ref: '#/components/schemas/Id' } } },
};

describe('OpenAPI helpers', () => {
  it('collects operations grouped by tag or path segment and marks the routes an API key may call', () => {
    const operations = collectOperations(doc);
    expect(operations.map((op) => `${op.group} ${op.method} ${op.path}`)).toEqual([
      'API Keys get /api/v1/api-keys',
      'Jobs get /api/v1/jobs/{id}',
      'Jobs delete /api/v1/jobs/{id}',
    ]);
    expect(operations.map((op) => op.acceptsApiKey)).toEqual([false, true, true]);
    expect(acceptsApiKey('get', '/api/v1/jobs/{id}/outputs/{outputId}/download')).toBe(true);
    expect(acceptsApiKey('get', '/api/v1/jobs/{id}/download')).toBe(true);
    expect(acceptsApiKey('get', '/api/v1/user/me')).toBe(false);
    expect(acceptsApiKey('get', '/api/v1/services/{key}', [{ bearerAuth: [] }, { apiKeyHeader: [] }])).toBe(true);
    expect(filterOperations(operations, 'delete job').map((op) => op.summary)).toEqual(['Delete a job']);
  });

  it('marks admin routes by path or tag, and tells optional sign-in from required', () => {
    const operations = collectOperations({
      openapi: '3.1.0',
      paths: {
        '/api/v1/admin/users': { get: { tags: ['admin'], summary: 'Users', security: [{ bearerAuth: [] }] } },
        '/api/v1/admin/stats': { get: { summary: 'Stats' } },
        '/api/v1/reports': { post: { tags: ['admin'], summary: 'Reports' } },
        '/api/v1/community': { get: { tags: ['community'], summary: 'Gallery', security: [{}, { bearerAuth: [] }] } },
      },
    });
    const byPath = Object.fromEntries(operations.map((op) => [op.path, op]));
    expect(byPath['/api/v1/admin/users']).toMatchObject({ isAdmin: true, needsAuth: true });
    expect(byPath['/api/v1/admin/stats']!.isAdmin).toBe(true);
    expect(byPath['/api/v1/reports']!.isAdmin).toBe(true);
    expect(byPath['/api/v1/community']).toMatchObject({ isAdmin: false, needsAuth: false });
  });

  it('searches method, path, summary, tags and operationId', () => {
    const operations = collectOperations(doc);
    expect(filterOperations(operations, 'listapikeys').map((op) => op.path)).toEqual(['/api/v1/api-keys']);
    expect(filterOperations(operations, 'DELETE /jobs').map((op) => op.summary)).toEqual(['Delete a job']);
    expect(filterOperations(operations, 'jobs')).toHaveLength(2);
    expect(filterOperations(operations, '  ')).toHaveLength(3);
  });

  it('follows $ref chains and labels types', () => {
    expect(resolveSchema(doc, { $ref: '#/components/schemas/Ref' })).toEqual({ type: 'string', format: 'uuid' });
    expect(typeLabel(doc, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeLabel(doc, { type: 'array', items: { $ref: '#/components/schemas/Id' } })).toBe('array of string (uuid)');
  });
});
