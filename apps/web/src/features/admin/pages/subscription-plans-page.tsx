import { useState } from 'react';
import { Pencil, Plus, Archive } from 'lucide-react';
import { toast } from 'sonner';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
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
import { useArchiveSubscriptionPlan } from '../api/archive-subscription-plan.ts';
import { useAdminSubscriptionPlansQuery } from '../api/get-admin-subscription-plans.ts';
import { useReorderSubscriptionPlans } from '../api/reorder-subscription-plans.ts';
import { useUpdateSubscriptionPlan } from '../api/update-subscription-plan.ts';
import { SubscriptionPlanFormDialog } from '../components/subscription-plan-form-dialog.tsx';
import { ReorderButtons } from '../components/reorder-buttons.tsx';

/** /admin/subscription-plans: create, edit, activate, reorder and archive the subscription plans. */
export function SubscriptionPlansPage() {
  const { data, isPending, isError, refetch } = useAdminSubscriptionPlansQuery();
  const update = useUpdateSubscriptionPlan();
  const reorder = useReorderSubscriptionPlans();
  const archive = useArchiveSubscriptionPlan();
  const [editing, setEditing] = useState<SubscriptionPlan | 'new' | null>(null);
  const [archiving, setArchiving] = useState<SubscriptionPlan | null>(null);

  const fail = (title: string) => (error: unknown) => toast.error(title, { description: errorMessage(error, '') || undefined });
  const toggle = (plan: SubscriptionPlan, isActive: boolean) =>
    update.mutate(
      { id: plan.id, body: { isActive } },
      { onSuccess: () => toast.success(`${plan.name} is now ${isActive ? 'active' : 'inactive'}`), onError: fail('Failed to update the plan') },
    );
  const move = (ids: string[]) => reorder.mutate(ids, { onError: fail('Failed to reorder the plans') });
  const confirmArchive = () => {
    if (!archiving) return;
    archive.mutate(archiving.id, {
      onSuccess: () => {
        toast.success(`${archiving.name} archived`);
        setArchiving(null);
      },
      onError: fail('Failed to archive the plan'),
    });
  };

  const ids = (data ?? []).map((plan) => plan.id);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Subscription plans"
        description="Monthly and yearly plans, in the order users see them. Subscribing opens with checkout in the payments release; archived plans are never deleted."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New plan
          </Button>
        }
      />
      {isPending ? (
        <Spinner label="Loading subscription plans…" />
      ) : isError ? (
        <ErrorState message="Failed to load subscription plans" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title="No subscription plans">Create the first plan to offer it to users.</EmptyState>
      ) : (
        <Table caption="Subscription plans in display order">
          <THead>
            <tr>
              <Th>Order</Th>
              <Th>Name</Th>
              <Th className="text-right">Price</Th>
              <Th className="text-right">Credits per period</Th>
              <Th>Features</Th>
              <Th>Active</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <tbody>
            {data.map((plan, index) => (
              <Tr key={plan.id}>
                <Td>
                  <ReorderButtons ids={ids} index={index} name={plan.name} onMove={move} disabled={reorder.isPending} />
                </Td>
                <Th scope="row" className="font-medium text-slate-900">
                  {plan.name}
                </Th>
                <Td className="text-right whitespace-nowrap">
                  {formatDollars(plan.price)} / {plan.interval}
                </Td>
                <Td className="text-right">{plan.creditsPerPeriod}</Td>
                <Td>{plan.features.length}</Td>
                <Td>
                  <Switch checked={plan.isActive} onCheckedChange={(checked) => toggle(plan, checked)} aria-label={`${plan.name} active`} disabled={update.isPending} />
                </Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.name}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Edit</span>
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setArchiving(plan)} aria-label={`Archive ${plan.name}`}>
                      <Archive className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Archive</span>
                    </Button>
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <SubscriptionPlanFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} plan={editing === 'new' || editing === null ? undefined : editing} />
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={`Archive ${archiving?.name ?? 'plan'}?`}
        description="It is no longer offered and leaves this list. Subscriptions that used it keep their record; it is never deleted."
        confirmLabel="Archive"
        danger
        isPending={archive.isPending}
        onConfirm={confirmArchive}
      />
    </>
  );
}
