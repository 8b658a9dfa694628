import { productPathOf, serviceKeys } from '../services/catalogue.ts';

/**
 * Every public page a visitor or a crawler can open without signing in (blog posts come from the
 * database). The server lists them in /sitemap.xml; a web test checks each one is a route of the app.
 */
export const publicPagePaths: readonly string[] = [
  '/',
  '/company/about-us',
  '/company/pricing',
  '/company/blogs',
  ...serviceKeys.map(productPathOf),
  '/resources/videos',
  '/resources/community',
  '/resources/open-api',
  '/prompt-search',
  '/contact',
  '/terms-of-service',
  '/privacy-policy',
];

/** Where a published blog post lives. */
export const blogPostPath = (slug: string) => `/company/blogs/${encodeURIComponent(slug)}`;

/** Paths crawlers are asked to leave alone: the signed-in app, the admin, the API and sign-in callbacks. */
export const privatePathPrefixes: readonly string[] = ['/dashboard', '/admin', '/api/', '/auth/', '/pricing', '/oauth/'];
