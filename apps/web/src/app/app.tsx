import { createPortal } from 'react-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client.ts';
import { AppErrorBoundary } from './error-boundary.tsx';
import { routes } from './routes.tsx';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Outside #root, so an open modal can hide the page from assistive technology while toasts stay announced. */}
        {createPortal(<Toaster closeButton position="top-right" />, document.body)}
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
