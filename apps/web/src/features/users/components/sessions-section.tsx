import { useState } from 'react';
import { toast } from 'sonner';
import { Laptop } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessionsQuery } from '@/features/auth/api/sessions.ts';
import type { AuthSession } from '@/features/auth/api/sessions.ts';
import { useInvalidateAccountSecurity } from '../api/account-security.ts';

/** Active sessions: each signed-in device, with 'This device' marked; sign out one or all the others. */
export function SessionsSection() {
  const { data: sessions, isPending, isError, refetch } = useSessionsQuery();
  const revokeSession = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const invalidate = useInvalidateAccountSecurity();

  const signOutSession = async (session: AuthSession) => {
    try {
      await revokeSession.mutateAsync(session.id);
      void invalidate();
      toast.success(`Signed out ${session.device || 'the session'}`);
    } catch (error) {
      toast.error('Failed to sign out the session', { description: errorMessage(error, '') || undefined });
    }
  };

  const signOutOthers = async () => {
    try {
      await revokeOthers.mutateAsync();
      void invalidate();
      setConfirmOthers(false);
      toast.success('Signed out all other sessions');
    } catch (error) {
      toast.error('Failed to sign out the other sessions', { description: errorMessage(error, '') || undefined });
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];

  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>Active sessions</CardTitle>
          <CardDescription>The devices signed in to your account. Sign out any you don&apos;t recognise.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setConfirmOthers(true)} disabled={others.length === 0 || revokeOthers.isPending}>
          Sign out all other sessions
        </Button>
      </div>
      <div className="mt-4">
        {isPending ? (
          <Spinner label="Loading sessions…" />
        ) : isError ? (
          <ErrorState message="Failed to load your sessions" onRetry={() => void refetch()} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Active sessions">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 gap-3">
                  <Laptop className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="break-words">{session.device || 'Unknown device'}</span>
                      {session.current && <Badge tone="success">This device</Badge>}
                    </p>
                    <p className="text-sm text-slate-600">
                      {session.ip ? `IP ${session.ip} · ` : ''}Last seen {formatDateTime(session.lastSeenAt)}
                    </p>
                    <p className="text-xs text-slate-500">Signed in {formatDateTime(session.createdAt)}</p>
                  </div>
                </div>
                {!session.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void signOutSession(session)}
                    disabled={revokeSession.isPending && revokeSession.variables === session.id}
                    aria-label={`Sign out ${session.device || 'unknown device'}, last seen ${formatDateTime(session.lastSeenAt)}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title="Sign out all other sessions?"
        description="Every other device signed in to your account will have to sign in again. This device stays signed in."
        confirmLabel="Sign out others"
        onConfirm={() => void signOutOthers()}
        isPending={revokeOthers.isPending}
        danger
      />
    </Card>
  );
}
