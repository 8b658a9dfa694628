import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { KeyRound, MailWarning, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { displayedCredit } from '@lumen/core/credits/rules';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { useCreditBalanceQuery } from '@/features/credits/api/credit-balance.ts';
import {
  CONFIRM_REGENERATE,
  CONFIRM_REVOKE,
  DELETE_FAILED,
  DELETED,
  failureMessage,
  LOAD_FAILED,
  REGENERATE_FAILED,
  REGENERATED,
  REVOKE_FAILED,
  REVOKED,
  ROLL_EXPLAINED,
  ROLL_FAILED,
  ROLLED,
} from '../api/api-key-messages.ts';
import type { ApiKey, IssuedApiKey, RollGrace } from '@lumen/core/api-keys/schemas';
import { useDeleteApiKey, useApiKeysQuery, useRegenerateApiKey, useRevokeApiKey, useRollApiKey } from '../api/api-keys.ts';
import { ActiveKeyCard } from '../components/active-key-card.tsx';
import { ApiKeysTable } from '../components/api-keys-table.tsx';
import { ConnectedAppsSection } from '../components/connected-apps-section.tsx';
import { DeveloperResources } from '../components/developer-resources.tsx';
import { EditKeyForm } from '../components/edit-key-form.tsx';
import { GenerateKeyForm } from '../components/generate-key-form.tsx';
import { activeKeyOf } from '../components/key-display.ts';
import { NewKeyDialog } from '../components/new-key-dialog.tsx';
import { RollGraceChoice } from '../components/roll-grace-choice.tsx';

type PendingAction = { kind: 'revoke' | 'regenerate' | 'delete' | 'roll'; key: ApiKey };
const DEFAULT_GRACE: RollGrace = '24h';

/** /dashboard/account/api-management (docs/api/api-keys-contract.md). */
export function ApiManagementPage() {
  const { user } = useAuth();
  const keysQuery = useApiKeysQuery();
  const balanceQuery = useCreditBalanceQuery(user !== null);
  const revoke = useRevokeApiKey();
  const regenerate = useRegenerateApiKey();
  const remove = useDeleteApiKey();
  const roll = useRollApiKey();

  const [isFormOpen, setIsFormOpen] = useState(false);
  // The one-time secret lives here only, and only until "I've Saved My Key".
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [grace, setGrace] = useState<RollGrace>(DEFAULT_GRACE);
  const [verificationMessage, setVerificationMessage] = useState<string | null>(null);

  // On failure: 'Failed to load API keys', and the list is emptied.
  const loadFailedAt = keysQuery.isError ? keysQuery.errorUpdatedAt : 0;
  useEffect(() => {
    if (loadFailedAt) toast.error(LOAD_FAILED);
  }, [loadFailedAt]);
  const keys = keysQuery.isError ? [] : (keysQuery.data ?? []);
  const activeKey = activeKeyOf(keys);
  const balance = balanceQuery.data?.balance ?? displayedCredit(user?.credit).balance;

  const onIssued = (key: IssuedApiKey) => {
    setIsFormOpen(false);
    setVerificationMessage(null);
    setIssued(key);
  };

  const onConfirm = async () => {
    if (!pending) return;
    const { kind, key } = pending;
    try {
      if (kind === 'revoke') {
        await revoke.mutateAsync(key.id);
        toast.success(REVOKED);
      } else if (kind === 'delete') {
        await remove.mutateAsync(key.id);
        toast.success(DELETED);
      } else if (kind === 'roll') {
        const next = await roll.mutateAsync({ id: key.id, grace });
        roll.reset();
        toast.success(ROLLED);
        setIssued(next);
      } else {
        const next = await regenerate.mutateAsync(key.id);
        regenerate.reset();
        toast.success(REGENERATED);
        setIssued(next);
      }
      setPending(null);
    } catch (error) {
      regenerate.reset();
      roll.reset();
      const fallback = { revoke: REVOKE_FAILED, delete: DELETE_FAILED, regenerate: REGENERATE_FAILED, roll: ROLL_FAILED }[kind];
      toast.error(failureMessage(error, fallback));
      setPending(null);
    }
  };

  const confirmText = {
    revoke: CONFIRM_REVOKE,
    regenerate: CONFIRM_REGENERATE,
    delete: `Delete this ${pending?.key.status === 'revoked' ? 'revoked' : 'expired'} key? Its usage stays in your history.`,
    roll: ROLL_EXPLAINED,
  }[pending?.kind ?? 'delete'];
  const dialogTitle = { revoke: 'Revoke API key', regenerate: 'Regenerate API key', delete: 'Delete API key', roll: 'Roll API key' }[
    pending?.kind ?? 'delete'
  ];
  const confirmLabel = { revoke: 'Revoke', regenerate: 'Regenerate', delete: 'Delete', roll: 'Roll key' }[pending?.kind ?? 'delete'];
  const askRoll = (key: ApiKey) => {
    setGrace(DEFAULT_GRACE);
    setPending({ kind: 'roll', key });
  };

  return (
    <>
      <PageHeader
        title="API Management"
        description="Create an API key to call Lumen Studio's services from your own code. Jobs run with a key are charged to your credits."
        actions={
          activeKey && !isFormOpen ? (
            <Button variant="outline" onClick={() => setIsFormOpen(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Generate another key
            </Button>
          ) : undefined
        }
      />

      <div className="space-y-6">
        {verificationMessage && (
          <div role="alert" className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
            <MailWarning className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
            <div>
              <p className="font-semibold">{verificationMessage}</p>
              <p className="mt-1">
                Enter the code we e-mailed you in the verification banner at the top of this page
                {user?.email ? ` (sent to ${user.email})` : ''}, then generate your key again.
              </p>
            </div>
          </div>
        )}

        {keysQuery.isPending ? (
          <Spinner label="Loading API keys" />
        ) : (
          <>
            {keysQuery.isError && <ErrorState message={LOAD_FAILED} onRetry={() => void keysQuery.refetch()} />}

            {isFormOpen ? (
              <Card>
                <CardTitle>Generate a new API key</CardTitle>
                <CardDescription>Give the key a name so you can recognise it later.</CardDescription>
                <div className="mt-4">
                  <GenerateKeyForm
                    onIssued={onIssued}
                    onCancel={() => setIsFormOpen(false)}
                    onVerificationRequired={setVerificationMessage}
                  />
                </div>
              </Card>
            ) : (
              !activeKey && (
                <Card className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <CardTitle className="flex items-center gap-2">
                      <KeyRound className="h-5 w-5 text-brand-600" aria-hidden="true" /> No active API key
                    </CardTitle>
                    <CardDescription>Generate a key to run the tools from curl, scripts or your backend.</CardDescription>
                  </div>
                  <Button onClick={() => setIsFormOpen(true)}>
                    <Plus className="h-4 w-4" aria-hidden="true" /> Create API key
                  </Button>
                </Card>
              )
            )}

            {activeKey && (
              <ActiveKeyCard
                apiKey={activeKey}
                balance={balance}
                onEdit={() => setEditing(activeKey)}
                onRegenerate={() => setPending({ kind: 'regenerate', key: activeKey })}
                onRoll={() => askRoll(activeKey)}
                onRevoke={() => setPending({ kind: 'revoke', key: activeKey })}
              />
            )}

            <section aria-labelledby="all-keys-title" className="space-y-3">
              <h2 id="all-keys-title" className="text-lg font-semibold text-slate-900">
                All keys
              </h2>
              {keys.length > 0 ? (
                <ApiKeysTable keys={keys} onDelete={(key) => setPending({ kind: 'delete', key })} onRoll={askRoll} />
              ) : (
                <EmptyState title="No API keys yet">
                  Read the{' '}
                  <Link to="/resources/open-api" className="font-medium text-brand-700 hover:underline">
                    API reference
                  </Link>{' '}
                  to see what you can do with one.
                </EmptyState>
              )}
            </section>
          </>
        )}

        <ConnectedAppsSection />

        <DeveloperResources />
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={dialogTitle}
        description={confirmText}
        confirmLabel={confirmLabel}
        danger={pending?.kind === 'revoke' || pending?.kind === 'delete'}
        isPending={revoke.isPending || regenerate.isPending || remove.isPending || roll.isPending}
        onConfirm={() => void onConfirm()}
      >
        {pending && (
          <p className="text-sm text-slate-700">
            Key: <span className="font-medium">{pending.key.name}</span> ({pending.key.keyPrefix}…)
          </p>
        )}
        {pending?.kind === 'roll' && (
          <RollGraceChoice value={grace} onChange={setGrace} hasEarlierSecret={pending.key.previousKeyPrefix !== null} />
        )}
      </ConfirmDialog>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Edit API key"
        description={editing ? `${editing.name} (${editing.keyPrefix}…)` : undefined}
        size="lg"
      >
        {editing && <EditKeyForm apiKey={editing} onDone={() => setEditing(null)} />}
      </Dialog>

      <NewKeyDialog issued={issued} onDone={() => setIssued(null)} />
    </>
  );
}
