import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { passwordPolicyMessage, passwordSchema } from '@lumen/core/auth/password-policy';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { resetPasswordWithOtp } from '../api/password-reset.ts';
import { BackLink } from './back-link.tsx';
import { FormAlert } from './form-alert.tsx';

export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match';

export const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { message: PASSWORDS_DIFFER_MESSAGE, path: ['confirmPassword'] });

/** Step 3: the new password (the server signs every session of the account out). */
export function ForgotPasswordNewPasswordStep({
  email,
  code,
  onDone,
  onBack,
}: {
  email: string;
  code: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(newPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      await resetPasswordWithOtp({ email, code, newPassword });
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['newPassword']))
        setServerError(errorMessage(error, 'Could not reset the password. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <TextField
        label="New password"
        error={errors.newPassword?.message}
        hint={passwordPolicyMessage}
        type="password"
        autoComplete="new-password"
        autoFocus
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        {...register('confirmPassword')}
      />
      <p className="text-xs text-slate-500">Resetting your password signs you out on every device.</p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner label="Saving the new password…" className="text-white" />}
        Reset password
      </Button>
      <BackLink onClick={onBack}>Back to the code</BackLink>
    </form>
  );
}
