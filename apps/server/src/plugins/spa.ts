import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
export const NOT_BUILT_TEXT = 'The web app is not built yet. Run `npm run build` (or `npm start` from the repository root), then reload.\n';

function isApiOrUploadPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/');
}

function notFound(request: FastifyRequest): AppError {
  const path = request.url.split('?')[0] ?? request.url;
  return new AppError('NOT_FOUND', 404, `Nothing found at ${request.method} ${path}`);
}

/**
 * The built SPA: files sent in their brotli or gzip copy when the client accepts it, hashed /assets/* cached forever, index.html and /meta.json revalidated every
 * time, and any other GET outside /api and /uploads answered with index.html (history routing).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDistDir: string }) => {
    const root = options.webDistDir;
    const isBuilt = existsSync(join(root, 'index.html'));

    if (isBuilt) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: false,
        index: false,
        cacheControl: false,
        // index.html, scripts and styles were compressed at build (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const rel = relative(root, filePath).split(sep).join('/');
          reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE_CACHE : NO_CACHE);
        },
      });
    }

    const serveIndex = (reply: FastifyReply) => reply.code(200).header('cache-control', NO_CACHE).sendFile('index.html');

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (isApiOrUploadPath(path) || !isPageRequest || path.startsWith('/assets/')) throw notFound(request);
      if (!isBuilt) {
        return reply
          .code(path === '/' ? 200 : 404)
          .type('text/plain; charset=utf-8')
          .send(NOT_BUILT_TEXT);
      }
      return serveIndex(reply);
    });
  },
  { name: 'spa' },
);
