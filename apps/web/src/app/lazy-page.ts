import { lazy } from 'react';
import type { ComponentType } from 'react';

/** React.lazy for a module's named export (pages are named exports; no default exports). */
export function lazyPage<M, K extends keyof M>(loader: () => Promise<M>, key: K) {
  type Page = M[K] extends ComponentType<infer P> ? ComponentType<P> : never;
  return lazy(async () => ({ default: (await loader())[key] as Page }));
}
