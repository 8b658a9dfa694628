import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { privatePathPrefixes } from '@lumen/core/content/public-pages';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';
import { sendAppError } from './errors.ts';
import { PageRenderer } from './page-renderer.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** Pictures and other files under fixed names (public/): a day, then revalidated. */
export const MEDIA_CACHE = 'public, max-age=86400';
export const NOT_BUILT_TEXT = 'The web app is not built yet. Run `npm run build` (or `npm start` from the repository root), then reload.\n';

/**
 * Machine endpoints (the API, uploads, the MCP server at /mcp, /.well-known/ metadata such as the OAuth discovery
 * MCP clients try): an unknown address there is a JSON 404, never a page.
 */
function isApiOrUploadPath(url: string): boolean {
  return (
    url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/mcp/') || url.startsWith('/.well-known/')
  );
}

function notFound(request: FastifyRequest): AppError {
  const path = request.url.split('?')[0] ?? request.url;
  return new AppError('NOT_FOUND', 404, `Nothing found at ${request.method} ${path}`);
}

/** The encoding to send a rendered page in: brotli, else gzip, as the client accepts (q=0 refuses), else none. */
export function pageEncodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

function isPrivatePage(path: string): boolean {
  return privatePathPrefixes.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

/**
 * The built web app: files sent in their brotli or gzip copy when the client accepts it, hashed /assets/* cached forever, pages and /meta.json revalidated
 * every time. Public pages are rendered on the server with their content (unknown addresses get the not-found page with 404); the signed-in app and the admin
 * get index.html and render in the browser. Without the server build (dist-server/), every page gets index.html.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDistDir: string; publicUrl: string }) => {
    const root = options.webDistDir;
    const isBuilt = existsSync(join(root, 'index.html'));
    const renderer = isBuilt
      ? await PageRenderer.load(join(dirname(root), 'dist-server', 'entry-server.js'), join(root, 'index.html'), options.publicUrl, app)
      : null;

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
          // The file sent may be the brotli or gzip copy (index.html.br): its type is that of the original.
          const rel = relative(root, filePath)
            .split(sep)
            .join('/')
            .replace(/\.(br|gz)$/, '');
          reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE_CACHE : /\.(html|json)$/.test(rel) ? NO_CACHE : MEDIA_CACHE);
        },
      });
    }

    if (renderer) {
      // What public pages show (posts, packages, prices, videos, settings) changes through the admin API: the database
      // announces each change to every process (db/change-feed.ts), and the process that answered the admin drops its
      // pages before the answer leaves (plugins/db.ts). While the feed is down, pages are kept their minute (decision 038).
      app.database.changes.subscribe({
        onNotice: (notice) => {
          if (notice.topic === 'public') renderer.clear();
        },
        onReset: () => renderer.clear(),
      });
    }

    const serveIndex = (reply: FastifyReply) => reply.code(200).header('cache-control', NO_CACHE).sendFile('index.html');

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      const allowed = path.startsWith('/api/') ? app.allowedMethods(path) : [];
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return sendAppError(
          reply,
          new AppError('METHOD_NOT_ALLOWED', 405, `${request.method} is not allowed on ${path}; it takes ${allowed.join(', ')}`),
        );
      }
      if (isApiOrUploadPath(path) || !isPageRequest || path.startsWith('/assets/')) throw notFound(request);
      if (!isBuilt) {
        return reply
          .code(path === '/' ? 200 : 404)
          .type('text/plain; charset=utf-8')
          .send(NOT_BUILT_TEXT);
      }
      if (!renderer || isPrivatePage(path)) return serveIndex(reply);
      const page = await renderer.page(request.url).catch((error: unknown) => {
        request.log.error({ err: error, url: request.url }, 'page render failed; serving the client-rendered shell');
        return null;
      });
      if (!page) return serveIndex(reply);
      reply.header('cache-control', NO_CACHE).header('etag', page.etag).header('vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      // The not-found handler is no route, so the compression plugin does not see it: the page goes out in the copy
      // the renderer made once.
      const encoding = pageEncodingFor(request.headers['accept-encoding']);
      reply.code(page.status).type('text/html; charset=utf-8');
      return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.html);
    });
  },
  { name: 'spa' },
);
