import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { TryOnCatalogueItem } from '@lumen/core/jobs/schemas';
import { garmentCategoryNames } from '@lumen/core/services/virtual-try-on-params';
import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import type { TryOnCatalogueKind } from '@/query-keys/ai-admin-keys.ts';
import { useTryOnCatalogueQuery, useUpdateTryOnItem } from '../api/admin-try-on-catalogue.ts';
import { catalogueNouns, TryOnItemDialog } from './try-on-item-dialog.tsx';

const categoryName = (category: string) => garmentCategoryNames[category as GarmentCategory] ?? category;

function CatalogueCard({ kind, item, onEdit }: { kind: TryOnCatalogueKind; item: TryOnCatalogueItem; onEdit: () => void }) {
  const update = useUpdateTryOnItem();
  const toggle = (isActive: boolean) =>
    update.mutate(
      { kind, id: item.id, body: { isActive } },
      {
        onSuccess: () => toast.success(`${item.name} is now ${isActive ? 'active' : 'inactive'}`),
        onError: (error) => toast.error(errorMessage(error, `Could not update ${item.name}`)),
      },
    );
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[3/4] bg-slate-100">
        <img
          src={item.imageUrl}
          alt={item.name}
          loading="lazy"
          className={`h-full w-full object-contain ${item.isActive ? '' : 'opacity-40 grayscale'}`}
        />
        {!item.isActive && <Badge className="absolute top-2 left-2">Inactive</Badge>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="font-semibold break-words text-slate-900">{item.name}</p>
        <Badge tone="brand" className="self-start">
          {categoryName(item.category)}
        </Badge>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <Switch checked={item.isActive} onCheckedChange={toggle} disabled={update.isPending} aria-label={`${item.name} active`} />
            Active
          </label>
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${item.name}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /admin/virtual-try-on/models and /clothing: the try-on catalogue — upload, name, category, activate or deactivate. */
export function TryOnCataloguePage({ kind }: { kind: TryOnCatalogueKind }) {
  const { one, title } = catalogueNouns[kind];
  const { data, isPending, isError, refetch } = useTryOnCatalogueQuery(kind);
  const [dialog, setDialog] = useState<{ item?: TryOnCatalogueItem } | null>(null);
  const active = data?.filter((item) => item.isActive).length ?? 0;
  return (
    <>
      <PageHeader
        eyebrow="Admin · Virtual try-on"
        title={title}
        description={
          kind === 'models'
            ? 'The model photos people can choose in the try-on tool instead of uploading their own. Only active models are offered.'
            : 'The garments people can choose in the try-on tool. Only active garments are offered.'
        }
        actions={
          <Button onClick={() => setDialog({})}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add {one}
          </Button>
        }
      />
      {isPending ? (
        <Spinner label={`Loading ${kind}…`} />
      ) : isError ? (
        <ErrorState message={`Failed to load the ${kind}`} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title={`No ${kind} yet`}>Add the first {one} with its photo, a name and a category.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {data.length} {data.length === 1 ? one : kind}, {active} active
          </p>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {data.map((item) => (
              <CatalogueCard key={item.id} kind={kind} item={item} onEdit={() => setDialog({ item })} />
            ))}
          </ul>
        </>
      )}
      <TryOnItemDialog
        kind={kind}
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        item={dialog?.item}
      />
    </>
  );
}
