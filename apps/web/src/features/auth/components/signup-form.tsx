import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerBodySchema } from '@lumen/core/auth/schemas';
import { passwordPolicyMessage } from '@lumen/core/auth/password-policy';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '../api/auth-context.ts';
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
      <OAuthSignInButtons returnTo={oauthReturnTo} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          error={errors.firstName?.message}
          autoComplete="given-name"
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          error={errors.lastName?.message}
          autoComplete="family-name"
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      <TextField
        label="Password"
        error={errors.password?.message}
        hint={passwordPolicyMessage}
        type="password"
        autoComplete="new-password"
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
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
