import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HydrateApart } from '@/components/hydrate-apart.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <HydrateApart>
        <PublicHeader />
      </HydrateApart>
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrateApart>
        <PublicFooter />
      </HydrateApart>
    </div>
  );
}
