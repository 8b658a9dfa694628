import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SiteContext } from '@/lib/site-context.ts';
import type { SiteContextValue } from '@/lib/site-context.ts';
import { AppErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './routes.tsx';

export function App({ queryClient, site }: { queryClient: QueryClient; site: SiteContextValue }) {
  return (
    <AppErrorBoundary>
      <SiteContext.Provider value={site}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </SiteContext.Provider>
    </AppErrorBoundary>
  );
}
