import { createElement, isValidElement, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';

type Preloadable = { preload: () => Promise<unknown> };

/**
 * React.lazy for a module's named export (pages are named exports; no default exports), with `preload()`: once
 * preloaded, the page renders at once instead of suspending (React.lazy would suspend once even for loaded code).
 */
export function lazyPage<M, K extends keyof M>(loader: () => Promise<M>, key: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  let loaded: ComponentType<Props> | null = null;
  const preload = async () => {
    loaded = (await loader())[key] as ComponentType<Props>;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<Props> };
  });
  function LazyPage(props: Props & object) {
    return createElement((loaded ?? Lazy) as ComponentType<object>, props);
  }
  return Object.assign(LazyPage, { preload });
}

/**
 * Loads the code of lazily loaded route elements before the server-rendered page is hydrated: a page that is still
 * loading when the session check updates the layout would be dropped and rendered again in the browser (a flash and
 * a layout shift).
 */
export async function preloadElements(elements: ReactNode[]): Promise<void> {
  await Promise.all(
    elements.map((element) => {
      const type: unknown = isValidElement(element) ? element.type : null;
      return typeof type === 'function' && 'preload' in type ? (type as Preloadable).preload() : undefined;
    }),
  );
}
