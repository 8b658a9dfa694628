import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { useSite } from '@/lib/site-context.ts';
import { curlExample } from '../api/curl-example.ts';
import type { OpenApiDocument, Operation } from '../api/openapi-types.ts';
import { typeLabel } from '../api/openapi-types.ts';
import { CodeBlock } from './code-block.tsx';
import { SchemaTree } from './schema-tree.tsx';
import { TryItPanel } from './try-it-panel.tsx';

function Heading({ children }: { children: ReactNode }) {
  return <h4 className="text-sm font-semibold text-slate-900">{children}</h4>;
}

/** An opened operation: its parameters, body and responses as trees, a curl example to copy, and Try it. */
export function OperationDetails({ doc, operation }: { doc: OpenApiDocument; operation: Operation }) {
  const { origin } = useSite();
  return (
    <div className="min-w-0 space-y-4 border-t border-slate-100 p-3 wrap-anywhere">
      {operation.description && <p className="text-sm text-slate-700">{operation.description}</p>}
      {operation.parameters.length > 0 && (
        <section>
          <Heading>Parameters</Heading>
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
          <Heading>
            Request body <span className="font-normal text-slate-500">({operation.requestBody.contentType})</span>
          </Heading>
          <div className="mt-1">
            <SchemaTree doc={doc} schema={operation.requestBody.schema} />
          </div>
        </section>
      )}
      {operation.responses.length > 0 && (
        <section>
          <Heading>Responses</Heading>
          {/* Status codes side by side; an opened one takes the whole width for its schema. */}
          <ul className="mt-1 flex flex-wrap gap-2">
            {operation.responses.map((response) => (
              <li key={response.status} className="min-w-0 has-[>details[open]]:basis-full">
                <details>
                  <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded-lg border border-slate-200 px-3 text-xs [&::-webkit-details-marker]:hidden">
                    <span className={cn('font-mono font-bold', response.status.startsWith('2') ? 'text-emerald-700' : 'text-red-700')}>
                      {response.status}
                    </span>
                    {response.description !== 'Default Response' && <span className="text-slate-600">{response.description}</span>}
                  </summary>
                  <div className="mt-2 pl-3">
                    <SchemaTree doc={doc} schema={response.schema} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="space-y-1">
        <Heading>Example</Heading>
        <CodeBlock
          label={`curl example for ${operation.method.toUpperCase()} ${operation.path}`}
          code={curlExample(doc, operation, origin)}
        />
      </section>
      <TryItPanel doc={doc} operation={operation} />
    </div>
  );
}
