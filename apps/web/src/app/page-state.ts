import { dehydrate } from '@tanstack/react-query';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';

/** The id of the <script type="application/json"> that carries a server-rendered page's state to the browser. */
export const PAGE_STATE_ID = 'lumen-page-state';

/** What the browser needs to hydrate a server-rendered page into the same markup. */
export type PageState = { origin: string; queries: DehydratedState };

type SerialisedApiError = { $apiError: { status: number; code: string; message: string; details?: ApiError['details']; body?: unknown } };

/** JSON safe inside <script>: no "<", no line separators that end a JavaScript string. */
export function serialisePageState(queryClient: QueryClient, origin: string): string {
  // Failed queries travel too (e.g. the 404 of an unknown article), so the browser shows the same message.
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  const json = JSON.stringify({ origin, queries } satisfies PageState, (_key, value: unknown) =>
    value instanceof ApiError
      ? ({
          $apiError: { status: value.status, code: value.code, message: value.message, details: value.details, body: value.body },
        } satisfies SerialisedApiError)
      : value,
  );
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function isSerialisedApiError(value: unknown): value is SerialisedApiError {
  return typeof value === 'object' && value !== null && '$apiError' in value;
}

/** The state the server left in the page, or null for a page the browser renders alone (dashboard, admin). */
export function readPageState(document: Document): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text, (_key, value: unknown) =>
    isSerialisedApiError(value) ? new ApiError(value.$apiError) : value,
  ) as PageState;
  // The page may come from the server's short render cache; counting its data as fetched now keeps the first render
  // identical to the server's (no background refetch state on hydration). Decision 038 bounds how old it can be.
  const now = Date.now();
  for (const query of state.queries.queries) {
    query.state.dataUpdatedAt = now;
    query.state.errorUpdatedAt = now;
  }
  return state;
}
