import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requestPasswordResetBodySchema } from '@lumen/core/auth/one-time-code';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { BackLink } from './back-link.tsx';
import { FormAlert } from './form-alert.tsx';

/** Step 1: the e-mail address to send the reset code to. */
export function ForgotPasswordEmailStep({
  defaultEmail,
  onSent,
  onBack,
}: {
  defaultEmail: string;
  onSent: (email: string) => void;
  onBack: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(requestPasswordResetBodySchema), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await requestPasswordReset({ email });
      onSent(email);
    } catch (error) {
      setServerError(errorMessage(error, 'Could not send the reset code. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Enter the e-mail address of your account and we&apos;ll send you a 6-digit code to reset your password.
      </p>
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <TextField label="Email" error={errors.email?.message} type="email" autoComplete="email" autoFocus {...register('email')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner label="Sending the code…" className="text-white" />}
        Send reset code
      </Button>
      <BackLink onClick={onBack}>Back to sign in</BackLink>
    </form>
  );
}
