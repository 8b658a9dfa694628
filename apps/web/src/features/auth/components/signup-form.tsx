import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerBodySchema } from '@lumen/core/auth/schemas';
import { passwordPolicyMessage } from '@lumen/core/auth/password-policy';
import { settingsMessages } from '@lumen/core/settings/platform-settings';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { usePublicSettings } from '@/features/settings/api/public-settings.ts';
import { useAuth } from '@/session/auth-context.ts';
import { FormAlert } from './form-alert.tsx';
import { OAuthSignInButtons } from './oauth-sign-in-buttons.tsx';

export function SignupForm({
  onSuccess,
  onSwitchToLogin,
  oauthReturnTo,
}: {
  onSuccess: () => void;
  onSwitchToLogin: () => void;
  /** where an external sign-up comes back to (oauth_redirect_path) */
  oauthReturnTo: string;
}) {
  const { register: registerAccount } = useAuth();
  // Closed on /admin/settings: say so before anyone fills the form (the server refuses anyway).
  const isClosed = usePublicSettings().data?.signupsOpen === false;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (await registerAccount(values)) onSuccess();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {isClosed && <FormAlert tone="info">{settingsMessages.signupsClosed}</FormAlert>}
      <OAuthSignInButtons returnTo={oauthReturnTo} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" error={errors.firstName?.message} autoComplete="given-name" {...register('firstName')} />
        <TextField label="Last name" error={errors.lastName?.message} autoComplete="family-name" {...register('lastName')} />
      </div>
      <TextField label="Email" error={errors.email?.message} type="email" autoComplete="email" {...register('email')} />
      <TextField
        label="Password"
        error={errors.password?.message}
        hint={passwordPolicyMessage}
        type="password"
        autoComplete="new-password"
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting || isClosed}>
        {isSubmitting && <Spinner label="Creating your account…" className="text-white" />}
        Create Account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={onSwitchToLogin}>
          Sign In
        </button>
      </p>
    </form>
  );
}
