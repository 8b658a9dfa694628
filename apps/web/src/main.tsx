import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { App } from '@/app/app.tsx';
import { preloadElements } from '@/app/lazy-page.ts';
import { readPageState } from '@/app/page-state.ts';
import { routes } from '@/app/routes.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { mountToasts } from '@/lib/toasts.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Public pages arrive rendered by the server with their data; the dashboard and admin arrive as an empty shell.
const pageState = readPageState(document);
const queryClient = createQueryClient();
if (pageState) hydrate(queryClient, pageState.queries);
const app = (
  <StrictMode>
    <App queryClient={queryClient} site={{ origin: pageState?.origin ?? window.location.origin }} />
  </StrictMode>
);
if (pageState) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await preloadElements(matches.map((match) => match.route.element));
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

// The signed-in app announces things as it loads (a payment that went through, a session that ended), so its toaster is
// there from the start; a public page loads it with its first toast.
if (!pageState) void mountToasts();
