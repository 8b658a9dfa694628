import { useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import type { OpenApiDocument } from '../api/openapi-types.ts';
import type { OperationGroup } from '../api/operation-groups.ts';
import { Disclosure } from './disclosure.tsx';
import { OperationCard } from './operation-card.tsx';

type OperationGroupSectionProps = {
  doc: OpenApiDocument;
  group: OperationGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A tag's operations under a heading that opens and closes them. */
export function OperationGroupSection({ doc, group, open, onOpenChange }: OperationGroupSectionProps) {
  const headingId = useId();
  const count = group.operations.length;
  return (
    <section aria-labelledby={headingId} data-testid="operation-group" className="min-w-0">
      <Disclosure
        open={open}
        onOpenChange={onOpenChange}
        className="min-w-0 rounded-xl border border-slate-200 bg-slate-50/60"
        summaryClassName="px-3 py-2"
        summary={
          <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              {group.name}
            </h3>
            <span className="text-xs text-slate-500">
              {count} {count === 1 ? 'operation' : 'operations'}
            </span>
            {group.isAdmin && (
              <Badge tone="warning" className="self-center">
                Admins only
              </Badge>
            )}
          </span>
        }
      >
        <div className="min-w-0 space-y-2 px-2 pb-2 sm:px-3 sm:pb-3">
          {group.description && <p className="px-1 text-sm text-slate-600">{group.description}</p>}
          {group.operations.map((operation) => (
            <OperationCard key={`${operation.method} ${operation.path}`} doc={doc} operation={operation} />
          ))}
        </div>
      </Disclosure>
    </section>
  );
}
