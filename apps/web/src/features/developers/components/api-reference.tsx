import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { useOpenApiDocumentQuery } from '../api/openapi-document.ts';
import { collectOperations } from '../api/openapi-types.ts';
import { groupOperations } from '../api/operation-groups.ts';
import { filterOperations } from '../api/operation-search.ts';
import { OperationGroupSection } from './operation-group.tsx';
import { OperationSearch } from './operation-search.tsx';
import type { CredentialMode } from './try-it-credentials-context.ts';
import { TryItCredentialsContext } from './try-it-credentials-context.ts';

function toggle(names: ReadonlySet<string>, name: string, include: boolean): ReadonlySet<string> {
  const next = new Set(names);
  if (include) next.add(name);
  else next.delete(name);
  return next;
}

/**
 * The interactive reference rendered from GET /api/v1/openapi.json: collapsible groups, the user's own first, a search,
 * and Try it. Admin routes are listed only to admins, after the rest; the user is unknown on the server and on the
 * first render in the browser, so they appear once the session is read, and hydration matches.
 */
export function ApiReference() {
  const { isAdmin } = useAuth();
  const documentQuery = useOpenApiDocumentQuery();
  const [search, setSearch] = useState('');
  // The groups the reader opened; all start closed, so a phone gets a short list of headings.
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  // While searching every matching group is open, except those the reader closes during that search.
  const [closedWhileSearching, setClosedWhileSearching] = useState<ReadonlySet<string>>(new Set());
  const [mode, setMode] = useState<CredentialMode>('x-api-key');
  // The key typed in Try it stays in this component's memory only.
  const [key, setKey] = useState('');
  const credentials = useMemo(() => ({ mode, key, setMode, setKey }), [mode, key]);

  const doc = documentQuery.data;
  const groups = useMemo(() => (doc ? groupOperations(doc, collectOperations(doc), { includeAdmin: isAdmin }) : []), [doc, isAdmin]);
  const matching = useMemo(
    () =>
      groups
        .map((group) => ({ ...group, operations: filterOperations(group.operations, search) }))
        .filter((group) => group.operations.length > 0),
    [groups, search],
  );
  const total = groups.reduce((sum, group) => sum + group.operations.length, 0);
  const shown = matching.reduce((sum, group) => sum + group.operations.length, 0);
  const isSearching = search.trim() !== '';

  if (documentQuery.isPending) return <Spinner label="Loading the API reference" />;
  if (documentQuery.isError) return <ErrorState message="Failed to load the API reference" onRetry={() => void documentQuery.refetch()} />;

  const onSearchChange = (next: string) => {
    setSearch(next);
    setClosedWhileSearching(new Set());
  };
  const isOpen = (name: string) => (isSearching ? !closedWhileSearching.has(name) : opened.has(name));
  const onOpenChange = (name: string, open: boolean) => {
    if (isSearching) setClosedWhileSearching(toggle(closedWhileSearching, name, !open));
    else setOpened(toggle(opened, name, open));
  };

  return (
    <TryItCredentialsContext.Provider value={credentials}>
      <div className="min-w-0 space-y-4">
        <p className="text-sm wrap-anywhere text-slate-600">
          {documentQuery.data.info?.title ?? 'API'} {documentQuery.data.info?.version && <span>v{documentQuery.data.info.version}</span>} ·
          OpenAPI {documentQuery.data.openapi} ·{' '}
          <a href="/api/v1/openapi.json" className="font-medium text-brand-700 hover:underline">
            openapi.json
          </a>
        </p>
        <OperationSearch search={search} onSearchChange={onSearchChange} shown={shown} total={total} />
        {matching.length === 0 ? (
          <EmptyState title="No operation matches your search" />
        ) : (
          <div className="space-y-3">
            {matching.map((group) => (
              <OperationGroupSection
                key={group.name}
                doc={documentQuery.data}
                group={group}
                open={isOpen(group.name)}
                onOpenChange={(open) => onOpenChange(group.name, open)}
              />
            ))}
          </div>
        )}
      </div>
    </TryItCredentialsContext.Provider>
  );
}
