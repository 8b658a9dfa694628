import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentFailures } from './openapi-responses.ts';
import type { TransformedRouteSchema } from './openapi-responses.ts';

/** OpenAPI 3.1 generated from the routes' zod schemas; served at /api/v1/openapi.json. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Lumen Studio API',
          description:
            'AI creative services paid with credits. Responses use the envelope {success, data, message?}. ' +
            'Operations whose security lists apiKeyBearer or apiKeyHeader take an API key (per-key RateLimit-* headers, 429 with Retry-After); ' +
            'any other operation answers 403 to a key. Job webhooks are signed: Lumen-Signature t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.',
          version: '1.0.0',
          license: { name: 'Lumen Studio Terms of Service', url: `${options.publicUrl}/terms-of-service` },
        },
        servers: [{ url: options.publicUrl }],
        tags: [
          { name: 'auth', description: 'Sign-in, sessions and account security' },
          { name: 'api-keys', description: 'Manage API keys (JWT only)' },
          { name: 'jobs', description: 'AI services, uploads and jobs (API keys accepted)' },
          { name: 'credits', description: 'Balance, history and packages (balance and history take API keys)' },
          { name: 'users', description: 'Your profile' },
          { name: 'payments', description: 'Buying credits' },
          { name: 'uploads', description: 'Profile pictures' },
          { name: 'system', description: 'Health and public configuration' },
          { name: 'community', description: 'The community gallery, prompt search, likes and reports' },
          { name: 'blog', description: 'Published articles and their covers' },
          { name: 'newsletter', description: 'Subscribe (double opt-in), confirm and unsubscribe' },
          { name: 'contact', description: 'Messages to the team' },
          { name: 'support', description: 'Your support chat with the team (JWT only)' },
          { name: 'videos', description: 'Tutorial videos per tool' },
          { name: 'admin', description: 'Administration (ADMIN role)' },
        ],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from POST /auth/login' },
            apiKeyBearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'sk_live_…',
              description: 'An API key as a Bearer token; accepted only on operations that list this scheme',
            },
            apiKeyHeader: {
              type: 'apiKey',
              in: 'header',
              name: 'X-API-Key',
              description: 'An API key in X-API-Key; accepted only on operations that list this scheme',
            },
          },
        },
      },
      // Multipart routes read their parts themselves; their documented body comes from the route config.
      transform: (input) => {
        const result = jsonSchemaTransform(input);
        if (result.schema.hide) return result;
        const multipartBody = input.route.config?.multipartBody;
        const schema = multipartBody ? { ...result.schema, body: multipartBody } : result.schema;
        const method = [input.route.method].flat()[0] ?? 'GET';
        return { ...result, schema: documentFailures(schema as TransformedRouteSchema, method, result.url) };
      },
    });
  },
  { name: 'openapi' },
);
