import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountDataMessages } from '@lumen/core/users/account-data';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { clearStoredSession, notifySessionCleared } from '@/lib/session-storage.ts';
import { useDeleteAccount, useSendDeletionCode } from '../api/account-deletion.ts';

/**
 * Confirms deleting the account with the password, or, for accounts without one, with a code
 * e-mailed on request. On success the browser leaves for / signed out.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  hasPassword,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deletion = useDeleteAccount();
  const sendCode = useSendDeletionCode();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (deletion.isPending) return;
    if (!next) {
      setSecret('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const requestCode = async () => {
    setError(undefined);
    try {
      const sent = await sendCode.mutateAsync();
      setSentTo(sent.email);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not send the code. Please try again.'));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = secret.trim();
    if (!value) {
      setError(hasPassword ? accountDataMessages.passwordRequired : accountDataMessages.codeRequired);
      return;
    }
    setError(undefined);
    try {
      await deletion.mutateAsync(hasPassword ? { password: secret } : { code: value });
    } catch (failure) {
      setError(errorMessage(failure, 'Could not delete your account. Please try again.'));
      return;
    }
    // Leave the protected page first, so no route guard sees a signed-out user on it.
    await navigate('/');
    clearStoredSession();
    queryClient.clear();
    notifySessionCleared();
    toast.success(accountDataMessages.deleted);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="Your profile, results, uploads, API keys and community posts are erased and you are signed out everywhere. Receipts and the credit history stay, anonymised, for accounting. This cannot be undone."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {hasPassword ? (
          <TextField
            label="Your password"
            error={error}
            type="password"
            autoComplete="current-password"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <Button type="button" variant="outline" size="sm" onClick={() => void requestCode()} disabled={sendCode.isPending}>
                {sendCode.isPending ? 'Sending…' : sentTo ? 'Send another code' : 'E-mail me a code'}
              </Button>
              {sentTo && <span>We sent a 6-digit code to {sentTo}.</span>}
            </div>
            <TextField
              label="Code from the e-mail"
              error={error}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={deletion.isPending}>
            {deletion.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
