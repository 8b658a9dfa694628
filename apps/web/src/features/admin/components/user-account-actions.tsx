import { useState } from 'react';
import { toast } from 'sonner';
import { suspendUserBodySchema } from '@lumen/core/users/suspension';
import type { Suspension } from '@lumen/core/users/suspension';
import { roles } from '@lumen/core/users/schemas';
import type { Role } from '@lumen/core/users/schemas';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Select } from '@/components/ui/select.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useChangeUserRole, useReactivateUser, useSuspendUser } from '../api/admin-users.ts';

type Props = { userId: string; userName: string; role: Role; suspension: Suspension; isSelf: boolean };

/** Suspend or reactivate the account and change its role (neither on your own account). */
export function UserAccountActions({ userId, userName, role, suspension, isSelf }: Props) {
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const changeRole = useChangeUserRole();
  const [isSuspendOpen, setSuspendOpen] = useState(false);
  const [isReactivateOpen, setReactivateOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [nextRole, setNextRole] = useState<Role>(role);

  const confirmSuspend = () => {
    const parsed = suspendUserBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    suspend.mutate(
      { userId, reason: parsed.data.reason },
      {
        onSuccess: (result) => {
          toast.success('User suspended', { description: `${userName} was signed out of ${result.revokedSessions} session(s).` });
          setSuspendOpen(false);
          setReason('');
        },
        onError: (error) => setReasonError(errorMessage(error, 'Failed to suspend the user')),
      },
    );
  };

  const confirmReactivate = () =>
    reactivate.mutate(
      { userId },
      {
        onSuccess: () => {
          toast.success('User reactivated');
          setReactivateOpen(false);
        },
        onError: (error) => toast.error('Failed to reactivate the user', { description: errorMessage(error, 'Please try again.') }),
      },
    );

  const saveRole = () =>
    changeRole.mutate(
      { userId, role: nextRole },
      {
        onSuccess: () => toast.success('Role updated', { description: `${userName} is now ${nextRole}.` }),
        onError: (error) => toast.error('Failed to change the role', { description: errorMessage(error, 'Please try again.') }),
      },
    );

  return (
    <div className="space-y-5">
      {suspension.suspendedAt ? (
        <div role="status" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Suspended {formatDateTime(suspension.suspendedAt)}</p>
          {suspension.suspendedReason && <p className="mt-1 break-words">Reason: {suspension.suspendedReason}</p>}
        </div>
      ) : null}
      {isSelf ? (
        <p className="text-sm text-slate-600">This is your own account: you cannot suspend it or change its role.</p>
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex-1">
              <label htmlFor="user-role-select" className="block text-sm font-medium text-slate-700">
                Role
              </label>
              <Select id="user-role-select" className="mt-1" value={nextRole} onChange={(event) => setNextRole(event.target.value as Role)}>
                {roles.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </Select>
            </div>
            <Button variant="outline" onClick={saveRole} disabled={nextRole === role || changeRole.isPending}>
              {changeRole.isPending ? 'Saving…' : 'Change role'}
            </Button>
          </div>
          {suspension.suspendedAt ? (
            <Button variant="outline" onClick={() => setReactivateOpen(true)}>
              Reactivate user
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setSuspendOpen(true)}>
              Suspend user
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        open={isSuspendOpen}
        onOpenChange={(open) => {
          setSuspendOpen(open);
          if (!open) setReasonError(undefined);
        }}
        title={`Suspend ${userName}?`}
        description="They are signed out everywhere at once, cannot sign in, and their API keys stop working until you reactivate them."
        confirmLabel="Suspend"
        onConfirm={confirmSuspend}
        isPending={suspend.isPending}
        danger
      >
        <TextareaField
          label="Reason"
          error={reasonError}
          hint="Recorded in the audit log."
          value={reason}
          maxLength={500}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={isReactivateOpen}
        onOpenChange={setReactivateOpen}
        title={`Reactivate ${userName}?`}
        description="They can sign in again and their API keys work again."
        confirmLabel="Reactivate"
        onConfirm={confirmReactivate}
        isPending={reactivate.isPending}
      />
    </div>
  );
}
