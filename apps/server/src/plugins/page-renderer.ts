import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_REQUEST_HEADER, internalRequestToken } from './internal-request.ts';

/** The web app's server entry (apps/web/src/entry-server.tsx, built into dist-server/). */
type PageRendererModule = {
  renderPage(
    url: string,
    options: { origin: string; template: string; transport: (url: string, init?: RequestInit) => Promise<Response> },
  ): Promise<{ status: number; html: string }>;
};

/** A rendered page with its brotli and gzip copies, made once per render rather than once per visitor. */
export type RenderedPage = { status: number; html: string; etag: string; br: Buffer; gzip: Buffer };

/** How long a rendered page is served before it is rendered again (decision 038: price and post changes show within a minute). */
export const PAGE_CACHE_TTL_MS = 60_000;
/** Distinct addresses kept; the oldest goes first, so odd query strings cannot grow memory. */
const PAGE_CACHE_ENTRIES = 500;
/** Renders at once; beyond that a visitor gets the client-rendered shell rather than a queue. */
const MAX_CONCURRENT_RENDERS = 8;

const NULL_BODY_STATUSES = new Set([204, 304]);

/** Public pages rendered on the server with their data, each kept for a short while. */
export class PageRenderer {
  readonly #module: PageRendererModule;
  readonly #template: string;
  readonly #origin: string;
  readonly #app: FastifyInstance;
  readonly #cache = new Map<string, { page: RenderedPage; expiresAt: number }>();
  readonly #inFlight = new Map<string, Promise<RenderedPage>>();

  constructor(module: PageRendererModule, template: string, origin: string, app: FastifyInstance) {
    this.#module = module;
    this.#template = template;
    this.#origin = origin;
    this.#app = app;
  }

  /** The renderer of a built web app, or null when only the client build (or nothing) is there. */
  static async load(entryPath: string, templatePath: string, origin: string, app: FastifyInstance): Promise<PageRenderer | null> {
    if (!existsSync(entryPath) || !existsSync(templatePath)) return null;
    try {
      const module = (await import(pathToFileURL(entryPath).href)) as PageRendererModule;
      return new PageRenderer(module, readFileSync(templatePath, 'utf8'), origin, app);
    } catch (error) {
      app.log.error({ err: error, entryPath }, 'the page renderer could not be loaded; every page is rendered in the browser');
      return null;
    }
  }

  /** Forgets every rendered page (an admin changed something a public page shows). */
  clear(): void {
    this.#cache.clear();
  }

  /** The page at this address (path and query), from the cache when fresh; null when too many renders are under way. */
  async page(url: string, now = Date.now()): Promise<RenderedPage | null> {
    const cached = this.#cache.get(url);
    if (cached && cached.expiresAt > now) return cached.page;
    const pending = this.#inFlight.get(url);
    if (pending) return pending;
    if (this.#inFlight.size >= MAX_CONCURRENT_RENDERS) return null;
    const render = this.#render(url).finally(() => this.#inFlight.delete(url));
    this.#inFlight.set(url, render);
    const page = await render;
    this.#cache.delete(url);
    this.#cache.set(url, { page, expiresAt: Date.now() + PAGE_CACHE_TTL_MS });
    if (this.#cache.size > PAGE_CACHE_ENTRIES) this.#cache.delete(this.#cache.keys().next().value as string);
    return page;
  }

  async #render(url: string): Promise<RenderedPage> {
    const { status, html } = await this.#module.renderPage(url, {
      origin: this.#origin,
      template: this.#template,
      transport: (path, init) => this.#fetchInProcess(path, init),
    });
    return {
      status,
      html,
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      br: brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
      }),
      gzip: gzipSync(html, { level: 9 }),
    };
  }

  /** The page's reads go through the whole app (hooks, validation, serialisation) without a socket. */
  async #fetchInProcess(path: string, init?: RequestInit): Promise<Response> {
    const method = (init?.method ?? 'GET') as 'GET';
    const response = await this.#app.inject({
      method,
      url: path,
      headers: { accept: 'application/json', [INTERNAL_REQUEST_HEADER]: internalRequestToken },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
    return new Response(NULL_BODY_STATUSES.has(response.statusCode) ? null : response.rawPayload, { status: response.statusCode, headers });
  }
}
