import { Button } from '@/components/ui/button.tsx';
import { openLoginModal, openSignupModal } from '@/session/auth-modal-events.ts';

/** The pricing page's prompt for signed-out visitors. */
export function SignUpPrompt() {
  return (
    <section aria-labelledby="signup-prompt-heading" className="mt-10 rounded-2xl bg-ink px-6 py-8 text-center text-white">
      <h2 id="signup-prompt-heading" className="text-xl font-semibold">
        Start creating today
      </h2>
      <div className="mt-5 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button variant="light" size="lg" onClick={() => openSignupModal({ redirectTo: '/dashboard' })}>
          Sign Up for Free
        </Button>
        <button type="button" className="text-sm font-medium text-brand-200 hover:underline" onClick={() => openLoginModal()}>
          Already have an account? Sign In
        </button>
      </div>
      <p className="mt-4 text-sm text-slate-300">No credit card required for free plan • 30-second setup</p>
    </section>
  );
}
