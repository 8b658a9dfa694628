import { useState } from 'react';
import { toast } from 'sonner';
import { serviceNames } from '@lumen/core/services/catalogue';
import { connectedAppMessages } from '@lumen/core/mcp-oauth/schemas';
import type { ConnectedApp } from '@lumen/core/mcp-oauth/schemas';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useConnectedAppsQuery, useRevokeConnectedApp } from '../api/connected-apps.ts';

export const CONNECTED_APPS_LOAD_FAILED = 'Failed to load connected apps';
export const CONNECTED_APP_REVOKE_FAILED = 'Failed to revoke the app’s access';

/**
 * "Connected apps": assistants (MCP clients) the user let in through OAuth, beside the API keys: the services and
 * monthly cap granted, this month's credits, and Revoke, which ends every token of the app at once.
 */
export function ConnectedAppsSection() {
  const appsQuery = useConnectedAppsQuery();
  const revoke = useRevokeConnectedApp();
  const [pending, setPending] = useState<ConnectedApp | null>(null);

  const onConfirm = async () => {
    if (!pending) return;
    try {
      await revoke.mutateAsync(pending.id);
      toast.success(connectedAppMessages.revoked);
    } catch (error) {
      toast.error(errorMessage(error, CONNECTED_APP_REVOKE_FAILED));
    }
    setPending(null);
  };

  return (
    <section aria-labelledby="connected-apps-title" className="space-y-3">
      <div>
        <h2 id="connected-apps-title" className="text-lg font-semibold text-slate-900">
          Connected apps
        </h2>
        <p className="text-sm text-slate-600">
          Assistants you signed in to Lumen Studio through MCP (OAuth). Each uses only the services you granted, up to its monthly cap.
        </p>
      </div>
      {appsQuery.isPending ? (
        <Spinner label="Loading connected apps" />
      ) : appsQuery.isError ? (
        <ErrorState message={CONNECTED_APPS_LOAD_FAILED} onRetry={() => void appsQuery.refetch()} />
      ) : appsQuery.data.length === 0 ? (
        <EmptyState title="No connected apps">
          Connect an assistant such as Claude or the MCP Inspector to {`${window.location.origin}/mcp`}: it opens a page here to ask for
          your approval.
        </EmptyState>
      ) : (
        <DataTable
          caption="Apps connected to your account, newest first"
          rows={appsQuery.data}
          rowKey={(app) => app.id}
          columns={[
            { header: 'App', className: 'font-medium text-slate-900', cell: (app) => app.clientName },
            { header: 'Services', cell: (app) => app.allowedServices.map((service) => serviceNames[service]).join(', ') },
            {
              header: 'Monthly cap',
              className: 'whitespace-nowrap',
              cell: (app) => `${app.monthlyCreditCap.toLocaleString('en-US')} credits`,
            },
            {
              header: 'Used this month',
              className: 'whitespace-nowrap',
              cell: (app) => `${app.creditsUsedThisMonth.toLocaleString('en-US')} credits`,
            },
            { header: 'Connected', className: 'whitespace-nowrap', cell: (app) => formatDateTime(app.createdAt) },
            {
              header: 'Last used',
              className: 'whitespace-nowrap',
              cell: (app) => (app.lastUsedAt ? formatDateTime(app.lastUsedAt) : 'Never'),
            },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (app) => (
                <Button variant="outline" size="sm" onClick={() => setPending(app)} aria-label={`Revoke ${app.clientName}`}>
                  Revoke
                </Button>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Revoke app access"
        description="The app can no longer call Lumen Studio for you; to use it again, connect it again and approve."
        confirmLabel="Revoke"
        danger
        isPending={revoke.isPending}
        onConfirm={() => void onConfirm()}
      >
        {pending && (
          <p className="text-sm text-slate-700">
            App: <span className="font-medium">{pending.clientName}</span>
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
