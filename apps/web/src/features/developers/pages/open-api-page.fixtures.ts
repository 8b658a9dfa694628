import type { OpenApiDocument } from '../api/openapi-types.ts';

/** A small document in the server's shape: two user groups, one group that takes API keys, one admin route. */
export const openApiDocument: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Lumen Studio API', version: '1.0.0' },
  tags: [{ name: 'jobs', description: 'AI services, uploads and jobs (API keys accepted)' }],
  paths: {
    '/api/v1/admin/users': {
      get: { tags: ['admin'], summary: 'List every user', security: [{ bearerAuth: [] }], responses: { '200': { description: 'OK' } } },
    },
    '/api/v1/jobs': {
      post: {
        tags: ['jobs'],
        summary: 'Submit a job',
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'idempotency-key', in: 'header' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['service'],
                properties: {
                  service: { type: 'string', enum: ['ai-background', 'image-generator'] },
                  params: { type: 'object', properties: { prompt: { type: 'string', maxLength: 1000, description: 'What to draw' } } },
                },
              },
            },
          },
        },
        responses: {
          '201': { description: 'The job', content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
          '402': { description: 'Insufficient credits' },
        },
      },
    },
    '/api/v1/jobs/{id}': {
      get: {
        tags: ['jobs'],
        summary: 'One job',
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: 'OK' } },
      },
    },
    '/api/v1/user/me': {
      get: { tags: ['users'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], responses: { '200': { description: 'OK' } } },
    },
  },
  components: {
    schemas: {
      Job: {
        type: 'object',
        required: ['id', 'status'],
        properties: { id: { type: 'string', format: 'uuid' }, status: { type: 'string', enum: ['queued', 'running'] } },
      },
    },
  },
};
