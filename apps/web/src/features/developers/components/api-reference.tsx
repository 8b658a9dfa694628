import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { useOpenApiDocumentQuery } from '../api/get-openapi-document.ts';
import { collectOperations, filterOperations } from '../api/openapi-types.ts';
import type { TryItAuth } from '../api/send-try-it-request.ts';
import { OperationCard } from './operation-card.tsx';

type AuthChoice = 'api-key' | 'session' | 'none';

/** The interactive reference rendered from GET /api/v1/openapi.json: grouped operations, search and Try it. */
export function ApiReference() {
  const { isAuthenticated } = useAuth();
  const documentQuery = useOpenApiDocumentQuery();
  const [search, setSearch] = useState('');
  const [authChoice, setAuthChoice] = useState<AuthChoice>(isAuthenticated ? 'session' : 'api-key');
  // The key typed here stays in this component's memory only.
  const [key, setKey] = useState('');
  const [keyHeader, setKeyHeader] = useState<'authorization' | 'x-api-key'>('authorization');

  const operations = useMemo(() => (documentQuery.data ? collectOperations(documentQuery.data) : []), [documentQuery.data]);
  const shown = filterOperations(operations, search);
  const groups = useMemo(() => {
    const byGroup = new Map<string, typeof shown>();
    for (const operation of shown) byGroup.set(operation.group, [...(byGroup.get(operation.group) ?? []), operation]);
    return [...byGroup.entries()];
  }, [shown]);

  const auth: TryItAuth =
    authChoice === 'api-key'
      ? { kind: 'api-key', key, header: keyHeader }
      : authChoice === 'session'
        ? { kind: 'session' }
        : { kind: 'none' };

  if (documentQuery.isPending) return <Spinner label="Loading the API reference" />;
  if (documentQuery.isError) return <ErrorState message="Failed to load the API reference" onRetry={() => void documentQuery.refetch()} />;
  const doc = documentQuery.data;

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {doc.info?.title ?? 'API'} {doc.info?.version && <span>v{doc.info.version}</span>} · OpenAPI {doc.openapi} ·{' '}
        <a href="/api/v1/openapi.json" className="font-medium text-brand-700 hover:underline">
          openapi.json
        </a>
      </p>

      <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Credentials for Try it</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="try-auth" checked={authChoice === 'api-key'} onChange={() => setAuthChoice('api-key')} /> API key
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="try-auth"
              checked={authChoice === 'session'}
              onChange={() => setAuthChoice('session')}
              disabled={!isAuthenticated}
            />{' '}
            My signed-in session{!isAuthenticated && ' (sign in first)'}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="try-auth" checked={authChoice === 'none'} onChange={() => setAuthChoice('none')} /> None
          </label>
        </div>
        {authChoice === 'api-key' && (
          <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
            <label className="block text-xs font-medium text-slate-700">
              API key (kept in this page only)
              <Input
                type="password"
                autoComplete="off"
                className="mt-1 font-mono"
                placeholder="sk_live_…"
                value={key}
                onChange={(event) => setKey(event.target.value)}
              />
            </label>
            <label className="block text-xs font-medium text-slate-700">
              Send it as
              <select
                className="mt-1 block h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                value={keyHeader}
                onChange={(event) => setKeyHeader(event.target.value === 'x-api-key' ? 'x-api-key' : 'authorization')}
              >
                <option value="authorization">Authorization: Bearer</option>
                <option value="x-api-key">X-API-Key</option>
              </select>
            </label>
          </div>
        )}
      </fieldset>

      <label className="relative block">
        <span className="sr-only">Search the API</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          className="pl-9"
          placeholder="Search operations (e.g. jobs, POST, download)"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <p className="text-xs text-slate-500" aria-live="polite">
        {shown.length} of {operations.length} operations
      </p>

      {groups.length === 0 ? (
        <EmptyState title="No operation matches your search" />
      ) : (
        groups.map(([group, list]) => (
          <section key={group} aria-labelledby={`group-${group.replace(/\W+/g, '-')}`} className="space-y-2">
            <h3 id={`group-${group.replace(/\W+/g, '-')}`} className="text-base font-semibold text-slate-900">
              {group}
            </h3>
            {list.map((operation) => (
              <OperationCard key={`${operation.method} ${operation.path}`} doc={doc} operation={operation} auth={auth} />
            ))}
          </section>
        ))
      )}
    </div>
  );
}
