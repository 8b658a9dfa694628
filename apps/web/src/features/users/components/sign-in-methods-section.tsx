import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { KeyRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { oauthProviderLabels, startOAuthLink, useEnabledOAuthProviders, useLinkOAuth, useUnlinkOAuth } from '@/features/auth/api/oauth.ts';
import type { OAuthProvider } from '@/features/auth/api/oauth.ts';
import { oauthErrorMessage } from '@/features/auth/api/oauth-errors.ts';
import { useSignInMethodsQuery } from '../api/sign-in-methods.ts';
import { useInvalidateAccountSecurity } from '../api/account-security.ts';

const knownProviders = Object.keys(oauthProviderLabels) as OAuthProvider[];

function isKnownProvider(provider: string): provider is OAuthProvider {
  return (knownProviders as string[]).includes(provider);
}

function labelOf(provider: string): string {
  return isKnownProvider(provider) ? oauthProviderLabels[provider] : provider;
}

/**
 * Finishes a link started with {api}/auth/{provider}?intent=link: the server comes back to this page
 * with ?link=<provider>&oauthId=<token> (or &error=<code>&message=<text>); the query is removed afterwards.
 */
function useOAuthLinkReturn() {
  const [params, setParams] = useSearchParams();
  const { mutateAsync: linkOAuth, isPending } = useLinkOAuth();
  const invalidate = useInvalidateAccountSecurity();
  const handled = useRef(false);
  const provider = params.get('link');
  const oauthId = params.get('oauthId');
  const error = params.get('error');
  const message = params.get('message');

  useEffect(() => {
    if (!provider || handled.current) return;
    handled.current = true;
    const clearQuery = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ['link', 'oauthId', 'error', 'message']) next.delete(key);
          return next;
        },
        { replace: true },
      );
    if (error || !oauthId || !isKnownProvider(provider)) {
      toast.error(`Failed to link your ${labelOf(provider)} account`, {
        description: message || oauthErrorMessage(error ?? 'oauth_failed'),
      });
      clearQuery();
      return;
    }
    linkOAuth({ provider, oauthId })
      .then(() => toast.success(`${labelOf(provider)} account linked`))
      .catch((failure: unknown) =>
        toast.error(`Failed to link your ${labelOf(provider)} account`, { description: errorMessage(failure, '') || undefined }),
      )
      .finally(() => {
        void invalidate();
        clearQuery();
      });
  }, [provider, oauthId, error, message, linkOAuth, invalidate, setParams]);

  return isPending;
}

/** How this account can sign in: a password (set or not) and each external provider, with Link and Unlink. */
export function SignInMethodsSection() {
  const { data, isPending, isError, refetch } = useSignInMethodsQuery();
  const enabled = useEnabledOAuthProviders();
  const unlink = useUnlinkOAuth();
  const invalidate = useInvalidateAccountSecurity();
  const isLinking = useOAuthLinkReturn();
  const [unlinking, setUnlinking] = useState<OAuthProvider | null>(null);

  const confirmUnlink = async () => {
    if (!unlinking) return;
    try {
      await unlink.mutateAsync({ provider: unlinking });
      toast.success(`${labelOf(unlinking)} account unlinked`);
    } catch (error) {
      toast.error(errorMessage(error, `Failed to unlink your ${labelOf(unlinking)} account`));
    } finally {
      setUnlinking(null);
      void invalidate();
    }
  };

  // Providers already linked, plus the ones the server offers that are not linked yet.
  const providers: OAuthProvider[] = data
    ? [...new Set([...data.providers.map((linked) => linked.provider), ...knownProviders.filter((p) => enabled.includes(p))])]
    : [];

  return (
    <Card>
      <CardTitle>Sign-in methods</CardTitle>
      <CardDescription>The ways you can sign in to your account.</CardDescription>
      <div className="mt-4">
        {isPending || isLinking ? (
          <Spinner label={isLinking ? 'Linking your account…' : 'Loading sign-in methods…'} />
        ) : isError ? (
          <ErrorState message="Failed to load your sign-in methods" onRetry={() => void refetch()} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Sign-in methods">
            <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex gap-3">
                <KeyRound className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
                <div>
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    Password {data.hasPassword ? <Badge tone="success">Set</Badge> : <Badge>Not set</Badge>}
                  </p>
                  {!data.hasPassword && (
                    <p className="text-sm text-slate-600">
                      To add a password, sign out and choose &lsquo;Forgot password?&rsquo; in the sign-in window.
                    </p>
                  )}
                </div>
              </div>
            </li>
            {providers.map((provider) => {
              const linked = data.providers.find((entry) => entry.provider === provider);
              const label = labelOf(provider);
              return (
                <li key={provider} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <p className="flex items-center gap-2 font-medium text-slate-900">
                      {label} {linked ? <Badge tone="success">Linked</Badge> : <Badge>Not linked</Badge>}
                    </p>
                    {linked && (
                      <p className="text-sm break-all text-slate-600">
                        {linked.email ? `${linked.email} · ` : ''}linked {formatDate(linked.linkedAt)}
                      </p>
                    )}
                  </div>
                  {linked ? (
                    <Button variant="outline" size="sm" onClick={() => setUnlinking(provider)} aria-label={`Unlink ${label}`}>
                      Unlink
                    </Button>
                  ) : (
                    <Button variant="outline" size="sm" onClick={() => startOAuthLink(provider)} aria-label={`Link ${label}`}>
                      Link
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={`Unlink ${unlinking ? labelOf(unlinking) : ''}?`}
        description="You will no longer be able to sign in with it. You can link it again later."
        confirmLabel="Unlink"
        onConfirm={() => void confirmUnlink()}
        isPending={unlink.isPending}
        danger
      />
    </Card>
  );
}
