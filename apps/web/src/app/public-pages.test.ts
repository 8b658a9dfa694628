import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { blogPostPath, publicPagePaths } from '@lumen/core/content/public-pages';
import { routes } from './routes.tsx';

/** The route a path lands on: its last match, or '*' for the not-found page. */
const landing = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path ?? null;

describe('the public pages the server lists in /sitemap.xml', () => {
  it('are each a page of the app, not the not-found page', () => {
    expect(publicPagePaths.length).toBeGreaterThan(10);
    for (const path of [...publicPagePaths, blogPostPath('hello-world')]) {
      const route = matchRoutes(routes, path);
      expect(route, path).not.toBeNull();
      expect(landing(path), path).not.toBe('*');
    }
  });

  it('and an unknown address lands on the not-found page', () => {
    expect(landing('/no-such-page')).toBe('*');
  });
});
