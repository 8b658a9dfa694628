import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@lumen/core/auth/schemas';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { OAuthSignInButtons } from './oauth-sign-in-buttons.tsx';

export function LoginForm({
  onSuccess,
  onSwitchToSignup,
  onForgotPassword,
  oauthReturnTo,
  defaultEmail = '',
}: {
  onSuccess: () => void;
  onSwitchToSignup: () => void;
  /** opens the password reset, with the e-mail typed so far */
  onForgotPassword: (email: string) => void;
  /** where an external sign-in comes back to (oauth_redirect_path) */
  oauthReturnTo: string;
  defaultEmail?: string;
}) {
  const { login } = useAuth();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: defaultEmail, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (await login(values)) onSuccess();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <OAuthSignInButtons returnTo={oauthReturnTo} />
      <TextField label="Email" error={errors.email?.message} type="email" autoComplete="email" {...register('email')} />
      <TextField
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...register('password')}
      />
      <div className="-mt-2 text-right">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline"
          onClick={() => onForgotPassword(getValues('email').trim())}
        >
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner label="Signing in…" className="text-white" />}
        Sign In
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={onSwitchToSignup}>
          Sign Up
        </button>
      </p>
    </form>
  );
}
