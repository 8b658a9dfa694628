import { describe, expect, it } from 'vitest';
import { curlExample } from './curl-example.ts';
import { collectOperations } from './openapi-types.ts';
import type { OpenApiDocument } from './openapi-types.ts';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/jobs': {
      post: {
        tags: ['jobs'],
        security: [{ bearerAuth: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }],
        parameters: [{ name: 'idempotency-key', in: 'header' }],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['service'], properties: { service: { type: 'string', enum: ["it's-a-tool"] } } },
            },
          },
        },
      },
    },
    '/api/v1/jobs/{id}': {
      get: { security: [{ apiKeyHeader: [] }], parameters: [{ name: 'id', in: 'path', required: true }] },
    },
    '/api/v1/uploads': {
      post: {
        security: [{ apiKeyHeader: [] }],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' }, purpose: { type: 'string', default: 'image' } },
              },
            },
          },
        },
      },
    },
    '/api/v1/user/me': { get: { security: [{ bearerAuth: [] }] } },
    '/api/v1/health': { get: {} },
  },
};

const curlFor = (method: string, path: string) =>
  curlExample(
    doc,
    collectOperations(doc).find((op) => op.method === method && op.path === path)!,
    'https://lumen.example',
  );

describe('curlExample', () => {
  it('sends a JSON example body with the key in X-API-Key and a fresh Idempotency-Key, quoted for the shell', () => {
    expect(curlFor('post', '/api/v1/jobs')).toBe(
      [
        'curl -X POST "https://lumen.example/api/v1/jobs"',
        '-H "X-API-Key: $LUMEN_API_KEY"',
        '-H "Idempotency-Key: $(uuidgen)"',
        '-H "Content-Type: application/json"',
        `-d '{"service":"it'\\''s-a-tool"}'`,
      ].join(' \\\n  '),
    );
  });

  it('marks path parameters, sends files as multipart, and uses the access token where keys are refused', () => {
    expect(curlFor('get', '/api/v1/jobs/{id}')).toBe('curl "https://lumen.example/api/v1/jobs/<id>" \\\n  -H "X-API-Key: $LUMEN_API_KEY"');
    expect(curlFor('post', '/api/v1/uploads')).toContain('-F "file=@path/to/file"');
    expect(curlFor('post', '/api/v1/uploads')).not.toContain('purpose');
    expect(curlFor('get', '/api/v1/user/me')).toContain('-H "Authorization: Bearer $LUMEN_ACCESS_TOKEN"');
    expect(curlFor('get', '/api/v1/health')).toBe('curl "https://lumen.example/api/v1/health"');
  });
});
