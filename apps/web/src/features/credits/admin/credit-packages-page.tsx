import { Plus } from 'lucide-react';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { packageCardName, pricePerCredit } from '@lumen/core/credits/rules';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { formatDollars } from '@/lib/format.ts';
import {
  useArchiveCreditPackage,
  useAdminCreditPackagesQuery,
  useReorderCreditPackages,
  useUpdateCreditPackage,
} from '../api/admin-credit-packages.ts';
import { CatalogueArchiveDialog } from '@/components/admin/catalogue-archive-dialog.tsx';
import { catalogueActionColumns, catalogueOrderColumn } from '@/components/admin/catalogue-columns.tsx';
import { CreditPackageFormDialog } from './credit-package-form-dialog.tsx';
import { useCatalogueActions } from '@/components/admin/use-catalogue-actions.ts';

/** The card name each active package gets on the pricing page (only active packages are counted). */
function pricingNames(packages: CreditPackage[]): Map<string, string> {
  const active = packages.filter((pkg) => pkg.isActive);
  return new Map(active.map((pkg, index) => [pkg.id, packageCardName(pkg, index)]));
}

/** /admin/credit-packages: create, edit, activate, reorder and archive the credit packages. */
export function CreditPackagesPage() {
  const query = useAdminCreditPackagesQuery();
  const update = useUpdateCreditPackage();
  const reorder = useReorderCreditPackages();
  const archive = useArchiveCreditPackage();
  const actions = useCatalogueActions<CreditPackage>({ noun: 'package', update, reorder, archive });

  const names = pricingNames(query.data ?? []);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Credit packages"
        description="One-time packages shown on the pricing page, in this order. Changes show on the pricing page at once; archived packages stay on past orders."
        actions={
          <Button onClick={() => actions.setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New package
          </Button>
        }
      />
      <QueryState
        query={query}
        loadingLabel="Loading credit packages…"
        errorMessage="Failed to load credit packages"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No credit packages"
        emptyText="Create the first package to offer it on the pricing page."
      >
        {(data) => (
          <DataTable
            caption="Credit packages in pricing-page order"
            rows={data}
            rowKey={(pkg) => pkg.id}
            columns={[
              { header: 'Name', rowHeader: true, className: 'font-medium text-slate-900', cell: (pkg) => pkg.name },
              catalogueOrderColumn(data, actions),
              { header: 'On pricing page', priority: 3, cell: (pkg) => names.get(pkg.id) ?? <Badge>Hidden</Badge> },
              { header: 'Price', align: 'right', priority: 3, cell: (pkg) => formatDollars(pkg.price) },
              { header: 'Credits', align: 'right', priority: 3, cell: (pkg) => pkg.creditsAmount },
              { header: 'Per credit', align: 'right', cell: (pkg) => `$${pricePerCredit(pkg.price, pkg.creditsAmount)}` },
              ...catalogueActionColumns(actions),
            ]}
          />
        )}
      </QueryState>
      <CreditPackageFormDialog
        open={actions.editing !== null}
        onOpenChange={(open) => !open && actions.setEditing(null)}
        pkg={actions.editing === 'new' || actions.editing === null ? undefined : actions.editing}
      />
      <CatalogueArchiveDialog
        actions={actions}
        noun="package"
        description="It disappears from the pricing page and this list. Orders that used it keep their record; it is never deleted."
      />
    </>
  );
}
