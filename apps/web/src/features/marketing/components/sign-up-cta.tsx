import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import type { ButtonProps } from '@/components/ui/button.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { useAuthNavigation } from '@/features/auth/api/use-auth-navigation.ts';

/** 'Sign Up for Free' for visitors (opens the sign-up modal); 'Go to Dashboard' once signed in. */
export function SignUpCta({
  to = '/dashboard',
  variant = 'primary',
  size = 'lg',
  className,
}: { to?: string } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { user } = useAuth();
  const goTo = useAuthNavigation();
  return (
    <Button variant={variant} size={size} className={className} onClick={() => goTo(to, 'signup')}>
      {user ? 'Go to Dashboard' : 'Sign Up for Free'}
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}
