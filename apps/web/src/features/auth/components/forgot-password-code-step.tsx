import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { RESEND_COOLDOWN_SECONDS, cooldownAfterError } from '../api/email-verification.ts';
import { RESET_REQUESTED_MESSAGE, requestPasswordReset, verifyPasswordResetOtp } from '../api/password-reset.ts';
import { BackLink } from './back-link.tsx';
import { FormAlert } from './form-alert.tsx';
import { OTP_CODE_MESSAGE, OtpCodeInput, isOtpCode, normaliseOtpCode } from './otp-code-field.tsx';
import { useCountdown } from './use-countdown.ts';

/** Step 2: the 6-digit code from the e-mail, checked with the server before asking for a new password. */
export function ForgotPasswordCodeStep({
  email,
  onVerified,
  onBack,
}: {
  email: string;
  onVerified: (code: string) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string>(RESET_REQUESTED_MESSAGE);
  const [isVerifying, setIsVerifying] = useState(false);
  const [isResending, setIsResending] = useState(false);
  // The code was just sent: the server refuses another for a minute.
  const cooldown = useCountdown(RESEND_COOLDOWN_SECONDS);
  const { start } = cooldown;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!isOtpCode(code)) {
      setFieldError(OTP_CODE_MESSAGE);
      return;
    }
    setFieldError(undefined);
    setIsVerifying(true);
    try {
      await verifyPasswordResetOtp({ email, code });
      onVerified(code);
    } catch (error) {
      setServerError(errorMessage(error, 'This code is not valid. Please check it or ask for a new one.'));
    } finally {
      setIsVerifying(false);
    }
  };

  const resend = async () => {
    setServerError(null);
    setIsResending(true);
    try {
      await requestPasswordReset({ email });
      setNotice(`We sent a new code to ${email}.`);
      setCode('');
      start(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      const wait = cooldownAfterError(error);
      if (wait !== null) start(wait);
      setServerError(errorMessage(error, 'Could not send a new code. Please try again.'));
    } finally {
      setIsResending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <FormAlert tone="info">
        {notice} Check the inbox of <strong className="break-all">{email}</strong>; the code is valid for 10 minutes.
      </FormAlert>
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <FormField label="Reset code" error={fieldError}>
        {(field) => (
          <OtpCodeInput
            id={field.id}
            autoFocus
            invalid={field.invalid}
            aria-describedby={field.describedBy}
            value={code}
            onChange={(event) => setCode(normaliseOtpCode(event.target.value))}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={isVerifying}>
        {isVerifying && <Spinner label="Checking the code…" className="text-white" />}
        Verify code
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink onClick={onBack}>Use another e-mail</BackLink>
        <Button type="button" variant="ghost" size="sm" onClick={() => void resend()} disabled={isResending || cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? `Resend code in ${cooldown.secondsLeft}s` : isResending ? 'Sending…' : 'Resend code'}
        </Button>
      </div>
    </form>
  );
}
