import { Plus } from 'lucide-react';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { formatDollars } from '@/lib/format.ts';
import {
  useArchiveSubscriptionPlan,
  useAdminSubscriptionPlansQuery,
  useReorderSubscriptionPlans,
  useUpdateSubscriptionPlan,
} from '../api/admin-subscription-plans.ts';
import { CatalogueArchiveDialog } from '@/components/admin/catalogue-archive-dialog.tsx';
import { catalogueActionColumns, catalogueOrderColumn } from '@/components/admin/catalogue-columns.tsx';
import { SubscriptionPlanFormDialog } from './subscription-plan-form-dialog.tsx';
import { useCatalogueActions } from '@/components/admin/use-catalogue-actions.ts';

/** /admin/subscription-plans: create, edit, activate, reorder and archive the subscription plans. */
export function SubscriptionPlansPage() {
  const query = useAdminSubscriptionPlansQuery();
  const update = useUpdateSubscriptionPlan();
  const reorder = useReorderSubscriptionPlans();
  const archive = useArchiveSubscriptionPlan();
  const actions = useCatalogueActions<SubscriptionPlan>({ noun: 'plan', update, reorder, archive });

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
      <QueryState
        query={query}
        loadingLabel="Loading subscription plans…"
        errorMessage="Failed to load subscription plans"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No subscription plans"
        emptyText="Create the first plan to offer it to users."
      >
        {(data) => (
          <DataTable
            caption="Subscription plans in display order"
            rows={data}
            rowKey={(plan) => plan.id}
            columns={[
              { header: 'Name', rowHeader: true, className: 'font-medium text-slate-900', cell: (plan) => plan.name },
              catalogueOrderColumn(data, actions),
              {
                header: 'Price',
                align: 'right',
                priority: 3,
                className: 'whitespace-nowrap',
                cell: (plan) => `${formatDollars(plan.price)} / ${plan.interval}`,
              },
              { header: 'Credits per period', align: 'right', priority: 3, cell: (plan) => plan.creditsPerPeriod },
              { header: 'Features', cell: (plan) => plan.features.length },
              ...catalogueActionColumns(actions),
            ]}
          />
        )}
      </QueryState>
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
