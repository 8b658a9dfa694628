import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { PASSWORD_RESET_MESSAGE } from '../api/password-reset.ts';
import { ForgotPasswordCodeStep } from './forgot-password-code-step.tsx';
import { ForgotPasswordEmailStep } from './forgot-password-email-step.tsx';
import { ForgotPasswordNewPasswordStep } from './forgot-password-new-password-step.tsx';
import { FormAlert } from './form-alert.tsx';

type Step =
  { name: 'email' } | { name: 'code'; email: string } | { name: 'password'; email: string; code: string } | { name: 'done'; email: string };

/** The step headings, for the modal and for screen readers. */
export const forgotPasswordStepTitles = {
  email: 'Step 1 of 3: your e-mail address',
  code: 'Step 2 of 3: the code we sent you',
  password: 'Step 3 of 3: your new password',
  done: 'Password reset',
} as const;

/**
 * Password reset by e-mailed code, in the auth modal ('forgot' mode):
 * e-mail → 6-digit code (checked) → new password → done, then back to sign in.
 */
export function ForgotPasswordFlow({
  initialEmail = '',
  onBackToLogin,
}: {
  initialEmail?: string;
  onBackToLogin: (email?: string) => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState(initialEmail);

  return (
    <div className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-700">{forgotPasswordStepTitles[step.name]}</h3>
      {step.name === 'email' && (
        <ForgotPasswordEmailStep
          defaultEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep({ name: 'code', email: sentTo });
          }}
          onBack={() => onBackToLogin(email || undefined)}
        />
      )}
      {step.name === 'code' && (
        <ForgotPasswordCodeStep
          email={step.email}
          onVerified={(code) => setStep({ name: 'password', email: step.email, code })}
          onBack={() => setStep({ name: 'email' })}
        />
      )}
      {step.name === 'password' && (
        <ForgotPasswordNewPasswordStep
          email={step.email}
          code={step.code}
          onDone={() => setStep({ name: 'done', email: step.email })}
          onBack={() => setStep({ name: 'code', email: step.email })}
        />
      )}
      {step.name === 'done' && (
        <div className="space-y-4">
          <FormAlert tone="success">{PASSWORD_RESET_MESSAGE}</FormAlert>
          <Button className="w-full" onClick={() => onBackToLogin(step.email)}>
            Back to sign in
          </Button>
        </div>
      )}
    </div>
  );
}
