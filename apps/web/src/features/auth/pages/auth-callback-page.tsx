import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AlertTriangle } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { PageMeta } from '@/components/page-meta.tsx';
import { storageKeys } from '@/lib/storage-keys.ts';
import { useAuth } from '@/session/auth-context.ts';
import { AUTH_ERROR_REDIRECT_MS, INVALID_TOKENS_MESSAGE, oauthErrorMessage } from '../api/oauth-errors.ts';

/** The stored oauth_redirect_path (taken once), if it is a path inside this app. */
function takeOAuthRedirectPath(): string | null {
  const stored = localStorage.getItem(storageKeys.oauthRedirectPath);
  localStorage.removeItem(storageKeys.oauthRedirectPath);
  return stored && stored.startsWith('/') && !stored.startsWith('//') ? stored : null;
}

/** /auth/callback: finishes an external sign-in. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signInWithToken } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const errorCode = params.get('error') ?? params.get('message');
    const accessToken = params.get('access_token');
    const refreshToken = params.get('refresh_token');
    const provider = params.get('provider') ?? 'OAuth';

    const failAndRedirect = (message: string) => {
      localStorage.removeItem(storageKeys.oauthRedirectPath);
      setError(message);
      window.setTimeout(() => navigate('/', { replace: true }), AUTH_ERROR_REDIRECT_MS);
    };

    if (errorCode) {
      toast.error('Authentication failed. Please try again.', { id: 'oauth-failed' });
      failAndRedirect(oauthErrorMessage(errorCode));
      return;
    }
    if (!accessToken || !refreshToken) {
      failAndRedirect(INVALID_TOKENS_MESSAGE);
      return;
    }
    signInWithToken(accessToken)
      .then(() => {
        toast.success(`Successfully signed in with ${provider}!`);
        navigate(takeOAuthRedirectPath() ?? '/dashboard', { replace: true });
      })
      .catch(() => {
        localStorage.removeItem(storageKeys.oauthRedirectPath);
        toast.error('Authentication successful, but failed to load user data.');
        navigate('/', { replace: true });
      });
  }, [params, navigate, signInWithToken]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <PageMeta title="Signing in" noIndex />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {error ? (
          <div role="alert">
            <AlertTriangle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
            <h1 className="mt-4 text-xl font-bold text-slate-900">Authentication Error</h1>
            <p className="mt-2 text-slate-700">{error}</p>
            <p className="mt-4 text-sm text-slate-500">Redirecting to login page...</p>
          </div>
        ) : (
          <div>
            <Spinner
              label="Completing Sign In - Please wait while we complete your authentication..."
              className="[&>span:first-child]:h-10 [&>span:first-child]:w-10"
            />
            <h1 className="mt-4 text-xl font-bold text-slate-900">Completing Sign In</h1>
            <p className="mt-2 text-slate-600">Please wait while we complete your authentication...</p>
          </div>
        )}
      </div>
    </main>
  );
}
