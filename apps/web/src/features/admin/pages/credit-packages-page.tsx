import { useState } from 'react';
import { Pencil, Plus, Archive } from 'lucide-react';
import { toast } from 'sonner';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { packageCardName, pricePerCredit } from '@lumen/core/credits/rules';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDollars } from '@/lib/format.ts';
import { useArchiveCreditPackage } from '../api/archive-credit-package.ts';
import { useAdminCreditPackagesQuery } from '../api/get-admin-credit-packages.ts';
import { useReorderCreditPackages } from '../api/reorder-credit-packages.ts';
import { useUpdateCreditPackage } from '../api/update-credit-package.ts';
import { CreditPackageFormDialog } from '../components/credit-package-form-dialog.tsx';
import { ReorderButtons } from '../components/reorder-buttons.tsx';

/** The card name each active package gets on the pricing page (SPEC.md §3 counts active packages only). */
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
  const [editing, setEditing] = useState<CreditPackage | 'new' | null>(null);
  const [archiving, setArchiving] = useState<CreditPackage | null>(null);

  const fail = (title: string) => (error: unknown) => toast.error(title, { description: errorMessage(error, '') || undefined });
  const toggle = (pkg: CreditPackage, isActive: boolean) =>
    update.mutate(
      { id: pkg.id, body: { isActive } },
      { onSuccess: () => toast.success(`${pkg.name} is now ${isActive ? 'active' : 'inactive'}`), onError: fail('Failed to update the package') },
    );
  const move = (ids: string[]) => reorder.mutate(ids, { onError: fail('Failed to reorder the packages') });
  const confirmArchive = () => {
    if (!archiving) return;
    archive.mutate(archiving.id, {
      onSuccess: () => {
        toast.success(`${archiving.name} archived`);
        setArchiving(null);
      },
      onError: fail('Failed to archive the package'),
    });
  };

  const names = pricingNames(data ?? []);
  const ids = (data ?? []).map((pkg) => pkg.id);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Credit packages"
        description="One-time packages shown on the pricing page, in this order. Changes show on the pricing page at once; archived packages stay on past orders."
        actions={
          <Button onClick={() => setEditing('new')}>
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
              <Th>Active</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <tbody>
            {data.map((pkg, index) => (
              <Tr key={pkg.id}>
                <Td>
                  <ReorderButtons ids={ids} index={index} name={pkg.name} onMove={move} disabled={reorder.isPending} />
                </Td>
                <Th scope="row" className="font-medium text-slate-900">
                  {pkg.name}
                </Th>
                <Td>{names.get(pkg.id) ?? <Badge>Hidden</Badge>}</Td>
                <Td className="text-right">{formatDollars(pkg.price)}</Td>
                <Td className="text-right">{pkg.creditsAmount}</Td>
                <Td className="text-right">${pricePerCredit(pkg.price, pkg.creditsAmount)}</Td>
                <Td>
                  <Switch checked={pkg.isActive} onCheckedChange={(checked) => toggle(pkg, checked)} aria-label={`${pkg.name} active`} disabled={update.isPending} />
                </Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(pkg)} aria-label={`Edit ${pkg.name}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Edit</span>
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setArchiving(pkg)} aria-label={`Archive ${pkg.name}`}>
                      <Archive className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Archive</span>
                    </Button>
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <CreditPackageFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} pkg={editing === 'new' || editing === null ? undefined : editing} />
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={`Archive ${archiving?.name ?? 'package'}?`}
        description="It disappears from the pricing page and this list. Orders that used it keep their record; it is never deleted."
        confirmLabel="Archive"
        danger
        isPending={archive.isPending}
        onConfirm={confirmArchive}
      />
    </>
  );
}
