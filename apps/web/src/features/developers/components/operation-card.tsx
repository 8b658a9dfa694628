import { KeyRound, Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import type { OpenApiDocument, Operation } from '../api/openapi-types.ts';
import { typeLabel } from '../api/openapi-types.ts';
import type { TryItAuth } from '../api/send-try-it-request.ts';
import { SchemaTree } from './schema-tree.tsx';
import { TryItPanel } from './try-it-panel.tsx';

const methodColours: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-emerald-100 text-emerald-800',
  put: 'bg-amber-100 text-amber-900',
  patch: 'bg-violet-100 text-violet-800',
  delete: 'bg-red-100 text-red-800',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        'inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold uppercase',
        methodColours[method],
      )}
    >
      {method}
    </span>
  );
}

/** One operation: method, path and summary; opened, its parameters, body and responses as trees, and Try it. */
export function OperationCard({ doc, operation, auth }: { doc: OpenApiDocument; operation: Operation; auth: TryItAuth }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white" data-testid="operation">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-3">
        <MethodBadge method={operation.method} />
        <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{operation.path}</code>
        <span className="min-w-0 flex-1 text-sm text-slate-600">{operation.summary}</span>
        {operation.acceptsApiKey ? (
          <Badge tone="brand" title="Accepts an API key">
            <KeyRound className="mr-1 h-3 w-3" aria-hidden="true" /> API key
          </Badge>
        ) : (
          operation.needsAuth && (
            <Badge tone="neutral" title="Signed-in session only">
              <Lock className="mr-1 h-3 w-3" aria-hidden="true" /> Session
            </Badge>
          )
        )}
      </summary>
      <div className="space-y-4 border-t border-slate-100 p-3">
        {operation.description && <p className="text-sm text-slate-700">{operation.description}</p>}
        {operation.parameters.length > 0 && (
          <section>
            <h4 className="text-sm font-semibold text-slate-900">Parameters</h4>
            <ul className="mt-1 space-y-1 text-xs">
              {operation.parameters.map((param) => (
                <li key={`${param.in}:${param.name}`}>
                  <span className="font-mono font-semibold text-slate-900">{param.name}</span>{' '}
                  <span className="text-slate-500">({param.in})</span>{' '}
                  <span className="font-mono text-brand-700">{typeLabel(doc, param.schema)}</span>
                  {param.required && <span className="ml-1 text-[0.7rem] font-semibold text-red-700 uppercase">required</span>}
                  {param.description && <span className="block text-slate-600">{param.description}</span>}
                </li>
              ))}
            </ul>
          </section>
        )}
        {operation.requestBody && (
          <section>
            <h4 className="text-sm font-semibold text-slate-900">
              Request body <span className="font-normal text-slate-500">({operation.requestBody.contentType})</span>
            </h4>
            <div className="mt-1">
              <SchemaTree doc={doc} schema={operation.requestBody.schema} />
            </div>
          </section>
        )}
        {operation.responses.length > 0 && (
          <section>
            <h4 className="text-sm font-semibold text-slate-900">Responses</h4>
            <ul className="mt-1 space-y-2">
              {operation.responses.map((response) => (
                <li key={response.status}>
                  <details>
                    <summary className="cursor-pointer text-xs">
                      <span className={cn('font-mono font-bold', response.status.startsWith('2') ? 'text-emerald-700' : 'text-red-700')}>
                        {response.status}
                      </span>{' '}
                      {response.description !== 'Default Response' && <span className="text-slate-600">{response.description}</span>}
                    </summary>
                    <div className="mt-1 pl-3">
                      <SchemaTree doc={doc} schema={response.schema} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </section>
        )}
        <TryItPanel doc={doc} operation={operation} auth={auth} />
      </div>
    </details>
  );
}
