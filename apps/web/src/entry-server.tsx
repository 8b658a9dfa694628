import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Query, QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { PAGE_STATE_ID, serialisePageState } from '@/app/page-state.ts';
import { AppRoutes } from '@/app/routes.tsx';
import { setHttpTransport } from '@/lib/http-transport.ts';
import type { HttpTransport } from '@/lib/http-transport.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { SiteContext } from '@/lib/site-context.ts';
import type { SiteContextValue } from '@/lib/site-context.ts';

/**
 * The page renderer the server loads (built by `vite build --ssr` into dist-server/): it renders one
 * public page to HTML with the data its queries read, for the browser to hydrate.
 */

export type RenderPageOptions = {
  /** The site's public origin, e.g. https://lumen.example (canonical and sharing URLs). */
  origin: string;
  /** The built index.html. */
  template: string;
  /** How the page's queries reach the API and static files (the server passes an in-process call). */
  transport: HttpTransport;
};

export type RenderedPage = { status: number; html: string };

/** Queries that read other queries' results (a list, then its details) need a further round; three is plenty. */
const MAX_DATA_ROUNDS = 3;

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';
const ROOT = '<div id="root"></div>';
/** React writes a render's <title>, <meta> and <link> first; they belong in <head>. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

async function renderMarkup(url: URL, queryClient: QueryClient, site: SiteContextValue): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SiteContext.Provider value={site}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </SiteContext.Provider>
    </StrictMode>,
    // One piece of HTML in reading order: no boundary is sent apart with an inline script to move it into place (the CSP forbids inline scripts).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  // A page that failed anywhere is not sent half-rendered: the server falls back to the client-rendered shell.
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${url.href} failed`);
  return markup;
}

function isWaitingToFetch(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

export async function renderPage(url: string, options: RenderPageOptions): Promise<RenderedPage> {
  setHttpTransport(options.transport);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const location = new URL(url, options.origin);

  // Render, fetch what the render asked for, render again with it — until nothing new is asked for.
  let site: SiteContextValue;
  let markup: string;
  for (let round = 0; ; round += 1) {
    site = { origin: options.origin, response: { status: 200 } };
    markup = await renderMarkup(location, queryClient, site);
    const waiting = queryClient.getQueryCache().getAll().filter(isWaitingToFetch);
    if (waiting.length === 0 || round === MAX_DATA_ROUNDS) break;
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }

  const head = LEADING_HEAD_TAGS.exec(markup)?.[0] ?? '';
  const body = markup.slice(head.length);
  const start = options.template.indexOf(HEAD_START);
  const end = options.template.indexOf(HEAD_END);
  if (start < 0 || end < 0 || !options.template.includes(ROOT))
    throw new Error('index.html lacks the page-head markers or the root element');
  const html =
    options.template.slice(0, start) +
    head +
    options.template
      .slice(end + HEAD_END.length)
      .replace(
        ROOT,
        () =>
          `<div id="root">${body}</div><script type="application/json" id="${PAGE_STATE_ID}">${serialisePageState(queryClient, options.origin)}</script>`,
      );
  queryClient.clear();
  return { status: site.response?.status ?? 200, html };
}
