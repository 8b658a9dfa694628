import { lazy, Suspense, useState } from 'react';
import { KeyRound, Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import type { OpenApiDocument, Operation } from '../api/openapi-types.ts';
import { Disclosure } from './disclosure.tsx';
import { MethodBadge } from './method-badge.tsx';

// Schemas, curl and Try it load with the first operation opened: most readers open none, and the page stays light.
const OperationDetails = lazy(async () => ({ default: (await import('./operation-details.tsx')).OperationDetails }));

/** Whether the route takes an API key or a session; on a phone the badge shows its icon, its word stays for screen readers. */
function AuthBadge({ operation }: { operation: Operation }) {
  if (operation.acceptsApiKey) {
    return (
      <Badge tone="brand" title="Accepts an API key" className="shrink-0">
        <KeyRound className="h-3 w-3 sm:mr-1" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">API key</span>
      </Badge>
    );
  }
  if (!operation.needsAuth) return null;
  return (
    <Badge tone="neutral" title="Signed-in session only" className="shrink-0">
      <Lock className="h-3 w-3 sm:mr-1" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Session</span>
    </Badge>
  );
}

/** One operation as a one-line row (method, path, summary); opened, its details, a curl example and Try it. */
export function OperationCard({ doc, operation }: { doc: OpenApiDocument; operation: Operation }) {
  const [open, setOpen] = useState(false);
  return (
    <Disclosure
      open={open}
      onOpenChange={setOpen}
      data-testid="operation"
      className="min-w-0 rounded-xl border border-slate-200 bg-white"
      summaryClassName="px-3 py-2"
      summary={
        <>
          {/* A phone shows the summary under the method and path; wider screens keep all three on one line. */}
          <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
            <span className="flex min-w-0 items-center gap-2 sm:max-w-[60%] sm:flex-none">
              <MethodBadge method={operation.method} />
              <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{operation.path}</code>
            </span>
            <span
              className={cn('min-w-0 text-sm text-slate-600', open ? 'block' : 'line-clamp-2 sm:block sm:truncate')}
              title={operation.summary}
            >
              {operation.summary}
            </span>
          </span>
          <AuthBadge operation={operation} />
        </>
      }
    >
      <Suspense fallback={<Spinner label="Loading the operation" className="m-3" />}>
        <OperationDetails doc={doc} operation={operation} />
      </Suspense>
    </Disclosure>
  );
}
