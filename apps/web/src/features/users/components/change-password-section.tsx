import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { passwordPolicyMessage } from '@lumen/core/auth/password-policy';
import { resetPasswordBodySchema } from '@lumen/core/auth/one-time-code';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { PASSWORD_CHANGED_MESSAGE, useChangePassword } from '@/features/auth/api/password-change.ts';
import { useSignInMethodsQuery } from '../api/sign-in-methods.ts';
import { useInvalidateAccountSecurity } from '../api/account-security.ts';

// The server's body (current and new password) plus the confirmation.
const changePasswordFormSchema = resetPasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { message: 'The passwords do not match', path: ['confirmPassword'] })
  .refine((values) => values.newPassword !== values.currentPassword, {
    message: 'Choose a password different from the current one',
    path: ['newPassword'],
  });

const emptyValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one and a new one. This browser stays signed in; every other session is signed out. */
export function ChangePasswordSection() {
  const { data: methods } = useSignInMethodsQuery();
  const changePassword = useChangePassword();
  const invalidate = useInvalidateAccountSecurity();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: emptyValues });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset(emptyValues);
      toast.success(PASSWORD_CHANGED_MESSAGE);
      void invalidate();
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) return;
      if (isApiError(error) && error.status === 400) {
        setError('currentPassword', { type: 'server', message: error.message });
        return;
      }
      toast.error('Failed to change password', { description: errorMessage(error, '') || undefined });
    }
  });

  if (methods && !methods.hasPassword) {
    return (
      <Card>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          You sign in with an external account and have no password yet. To add one, sign out and choose &lsquo;Forgot password?&rsquo; in
          the sign-in window: we&apos;ll e-mail you a code to set it.
        </CardDescription>
      </Card>
    );
  }

  return (
    <Card>
      <CardTitle>Change password</CardTitle>
      <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <TextField
          label="Current password"
          error={errors.currentPassword?.message}
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New password"
            error={errors.newPassword?.message}
            hint={passwordPolicyMessage}
            type="password"
            autoComplete="new-password"
            {...register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            error={errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
