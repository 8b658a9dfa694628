import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@lumen/core/auth/schemas';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '../api/auth-context.ts';

export function LoginForm({ onSuccess, onSwitchToSignup }: { onSuccess: () => void; onSwitchToSignup: () => void }) {
  const { login } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (await login(values)) onSuccess();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            id={field.id}
            type="email"
            autoComplete="email"
            invalid={field.invalid}
            aria-describedby={field.describedBy}
            {...register('email')}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => (
          <Input
            id={field.id}
            type="password"
            autoComplete="current-password"
            invalid={field.invalid}
            aria-describedby={field.describedBy}
            {...register('password')}
          />
        )}
      </FormField>
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
