import { Plus } from 'lucide-react';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { formatDollars } from '@/lib/format.ts';
import { useArchiveSubscriptionPlan } from '../api/archive-subscription-plan.ts';
import { useAdminSubscriptionPlansQuery } from '../api/get-admin-subscription-plans.ts';
import { useReorderSubscriptionPlans } from '../api/reorder-subscription-plans.ts';
import { useUpdateSubscriptionPlan } from '../api/update-subscription-plan.ts';
import { CatalogueArchiveDialog } from '../components/catalogue-archive-dialog.tsx';
import { CatalogueActionsHeadings, CatalogueRowActions } from '../components/catalogue-row-actions.tsx';
import { SubscriptionPlanFormDialog } from '../components/subscription-plan-form-dialog.tsx';
import { ReorderButtons } from '../components/reorder-buttons.tsx';
import { useCatalogueActions } from '../components/use-catalogue-actions.ts';

/** /admin/subscription-plans: create, edit, activate, reorder and archive the subscription plans. */
export function SubscriptionPlansPage() {
  const { data, isPending, isError, refetch } = useAdminSubscriptionPlansQuery();
  const update = useUpdateSubscriptionPlan();
  const reorder = useReorderSubscriptionPlans();
  const archive = useArchiveSubscriptionPlan();
  const actions = useCatalogueActions<SubscriptionPlan>({ noun: 'plan', update, reorder, archive });

  const ids = (data ?? []).map((plan) => plan.id);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Subscription plans"
        description="Monthly and yearly plans, in the order users see them. Users subscribe from their subscription page through checkout; archived plans are never deleted."
        actions={
          <Button onClick={() => actions.setEditing('new')}>
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
              <CatalogueActionsHeadings />
            </tr>
          </THead>
          <tbody>
            {data.map((plan, index) => (
              <Tr key={plan.id}>
                <Td>
                  <ReorderButtons ids={ids} index={index} name={plan.name} onMove={actions.move} disabled={actions.isReordering} />
                </Td>
                <Th scope="row" className="font-medium text-slate-900">
                  {plan.name}
                </Th>
                <Td className="text-right whitespace-nowrap">
                  {formatDollars(plan.price)} / {plan.interval}
                </Td>
                <Td className="text-right">{plan.creditsPerPeriod}</Td>
                <Td>{plan.features.length}</Td>
                <CatalogueRowActions item={plan} actions={actions} />
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <SubscriptionPlanFormDialog
        open={actions.editing !== null}
        onOpenChange={(open) => !open && actions.setEditing(null)}
        plan={actions.editing === 'new' || actions.editing === null ? undefined : actions.editing}
      />
      <CatalogueArchiveDialog
        actions={actions}
        noun="plan"
        description="It is no longer offered and leaves this list. Subscriptions that used it keep their record; it is never deleted."
      />
    </>
  );
}
