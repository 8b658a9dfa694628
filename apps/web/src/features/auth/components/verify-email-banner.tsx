import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/session/auth-context.ts';
import {
  EMAIL_VERIFIED_MESSAGE,
  RESEND_COOLDOWN_SECONDS,
  cooldownAfterError,
  useResendEmailVerification,
  useVerifyEmailOtp,
} from '../api/email-verification.ts';
import { OTP_CODE_MESSAGE, OtpCodeInput, isOtpCode, normaliseOtpCode } from './otp-code-field.tsx';
import { useCountdown } from './use-countdown.ts';

export const VERIFY_EMAIL_TITLE = 'Please verify your email address';
/**
 * What verifying unlocks (decision 006: buying credits and API keys need a verified address;
 * the server's requireVerifiedEmail answers 403 'Please verify your email address first').
 */
export const VERIFY_EMAIL_UNLOCKS =
  'Verifying unlocks buying credits and creating API keys; until then you can spend your free credits on every tool.';

/** Shown in the dashboard to a signed-in user whose e-mail address is not verified yet. */
export function VerifyEmailBanner() {
  const { user, setUser, refreshUser } = useAuth();
  const verify = useVerifyEmailOtp();
  const resend = useResendEmailVerification();
  const cooldown = useCountdown();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!user || user.emailVerified) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!isOtpCode(code)) {
      setError(OTP_CODE_MESSAGE);
      return;
    }
    setError(null);
    try {
      const updated = await verify.mutateAsync({ code });
      setUser(updated.emailVerified ? updated : { ...updated, emailVerified: true });
      toast.success(EMAIL_VERIFIED_MESSAGE);
    } catch (failure) {
      setError(errorMessage(failure, 'This code is not valid. Please check it or ask for a new one.'));
    }
  };

  const onResend = async () => {
    setError(null);
    setNotice(null);
    try {
      await resend.mutateAsync();
      cooldown.start(RESEND_COOLDOWN_SECONDS);
      setNotice(`We sent a new code to ${user.email}.`);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        // Already verified (on another device): pick up the new state.
        await refreshUser();
        return;
      }
      const wait = cooldownAfterError(failure);
      if (wait !== null) cooldown.start(wait);
      setError(errorMessage(failure, 'Could not send a new code. Please try again.'));
    }
  };

  return (
    <section
      aria-labelledby="verify-email-title"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <div className="flex gap-3">
        <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="verify-email-title" className="font-semibold">
            {VERIFY_EMAIL_TITLE}
          </h2>
          <p className="mt-1 text-sm">
            We sent a 6-digit code to <strong className="break-all">{user.email}</strong>. {VERIFY_EMAIL_UNLOCKS}
          </p>
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="sm:w-48">
              <Label htmlFor="verify-email-code">Verification code</Label>
              <OtpCodeInput
                id="verify-email-code"
                className="mt-1"
                value={code}
                invalid={Boolean(error)}
                aria-describedby={error || notice ? 'verify-email-message' : undefined}
                onChange={(event) => setCode(normaliseOtpCode(event.target.value))}
              />
            </div>
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? 'Verifying…' : 'Verify email'}
            </Button>
            <Button type="button" variant="outline" onClick={() => void onResend()} disabled={resend.isPending || cooldown.secondsLeft > 0}>
              {cooldown.secondsLeft > 0 ? `Resend code in ${cooldown.secondsLeft}s` : resend.isPending ? 'Sending…' : 'Resend code'}
            </Button>
          </form>
          {(error || notice) && (
            <p
              id="verify-email-message"
              role={error ? 'alert' : 'status'}
              className={error ? 'mt-2 text-sm text-red-700' : 'mt-2 text-sm text-emerald-800'}
            >
              {error ?? notice}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
