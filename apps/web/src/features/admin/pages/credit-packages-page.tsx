import { Plus } from 'lucide-react';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { packageCardName, pricePerCredit } from '@lumen/core/credits/rules';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { formatDollars } from '@/lib/format.ts';
import { useArchiveCreditPackage } from '../api/archive-credit-package.ts';
import { useAdminCreditPackagesQuery } from '../api/get-admin-credit-packages.ts';
import { useReorderCreditPackages } from '../api/reorder-credit-packages.ts';
import { useUpdateCreditPackage } from '../api/update-credit-package.ts';
import { CatalogueArchiveDialog } from '../components/catalogue-archive-dialog.tsx';
import { CatalogueActionsHeadings, CatalogueRowActions } from '../components/catalogue-row-actions.tsx';
import { CreditPackageFormDialog } from '../components/credit-package-form-dialog.tsx';
import { ReorderButtons } from '../components/reorder-buttons.tsx';
import { useCatalogueActions } from '../components/use-catalogue-actions.ts';

/** The card name each active package gets on the pricing page (only active packages are counted). */
function pricingNames(packages: CreditPackage[]): Map<string, string> {
  const active = packages.filter((pkg) => pkg.isActive);
  return new Map(active.map((pkg, index) => [pkg.id, packageCardName(pkg, index)]));
}

/** /admin/credit-packages: create, edit, activate, reorder and archive the credit packages. */
export function CreditPackagesPage() {
  const { data, isPending, isError, refetch } = useAdminCreditPackagesQuery();
  const update = useUpdateCreditPackage();
  const reorder = useReorderCreditPackages();
  const archive = useArchiveCreditPackage();
  const actions = useCatalogueActions<CreditPackage>({ noun: 'package', update, reorder, archive });

  const names = pricingNames(data ?? []);
  const ids = (data ?? []).map((pkg) => pkg.id);

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
      {isPending ? (
        <Spinner label="Loading credit packages…" />
      ) : isError ? (
        <ErrorState message="Failed to load credit packages" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title="No credit packages">Create the first package to offer it on the pricing page.</EmptyState>
      ) : (
        <Table caption="Credit packages in pricing-page order">
          <THead>
            <tr>
              <Th>Order</Th>
              <Th>Name</Th>
              <Th>On pricing page</Th>
              <Th className="text-right">Price</Th>
              <Th className="text-right">Credits</Th>
              <Th className="text-right">Per credit</Th>
              <CatalogueActionsHeadings />
            </tr>
          </THead>
          <tbody>
            {data.map((pkg, index) => (
              <Tr key={pkg.id}>
                <Td>
                  <ReorderButtons ids={ids} index={index} name={pkg.name} onMove={actions.move} disabled={actions.isReordering} />
                </Td>
                <Th scope="row" className="font-medium text-slate-900">
                  {pkg.name}
                </Th>
                <Td>{names.get(pkg.id) ?? <Badge>Hidden</Badge>}</Td>
                <Td className="text-right">{formatDollars(pkg.price)}</Td>
                <Td className="text-right">{pkg.creditsAmount}</Td>
                <Td className="text-right">${pricePerCredit(pkg.price, pkg.creditsAmount)}</Td>
                <CatalogueRowActions item={pkg} actions={actions} />
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
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
