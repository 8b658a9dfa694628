import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import type { ButtonProps } from '@/components/ui/button.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { openSignupModal } from '@/session/auth-modal-events.ts';

/** Guests: 'Sign Up for Free' opens the sign-up modal (then lands on the tool). Signed in: 'Open the tool'. */
export function ProductCta({
  toolPath,
  variant = 'primary',
  className,
}: { toolPath: string } & Pick<ButtonProps, 'variant' | 'className'>) {
  const { user } = useAuth();
  if (user) {
    return (
      <Button asChild variant={variant} size="lg" className={className}>
        <Link to={toolPath}>
          Open the tool <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  return (
    <Button variant={variant} size="lg" className={className} onClick={() => openSignupModal({ redirectTo: toolPath })}>
      Sign Up for Free <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}
