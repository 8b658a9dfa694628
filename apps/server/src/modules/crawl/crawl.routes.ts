import type { FastifyPluginAsync } from 'fastify';
import { blogPostPath, privatePathPrefixes, publicPagePaths } from '@lumen/core/content/public-pages';
import { findLiveSlugs } from '../blog/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** Crawlers may cache these for an hour: new posts reach the sitemap within that time. */
const CRAWL_FILE_CACHE = 'public, max-age=3600';

/** /robots.txt and /sitemap.xml at the site's root: every public page and live post, never the app or the API. */
export const crawlRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.config.publicUrl.replace(/\/+$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...privatePathPrefixes.map((prefix) => `Disallow: ${prefix}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', CRAWL_FILE_CACHE).send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const posts = await findLiveSlugs(app.db, app.clock());
    const entries = [
      ...publicPagePaths.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`),
      ...posts.map(
        (post) =>
          `  <url><loc>${escapeHtml(origin + blogPostPath(post.slug))}</loc><lastmod>${post.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', CRAWL_FILE_CACHE).send(xml);
  });
};
