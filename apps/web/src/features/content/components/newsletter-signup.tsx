import { useId, useState } from 'react';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useSubscribeToNewsletter } from '../api/newsletter-subscription.ts';

/** The newsletter form of the public pages: an e-mail, then a confirmation link by mail (double opt-in). */
export function NewsletterSignup({ dark = false }: { dark?: boolean }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const subscribe = useSubscribeToNewsletter();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The rules (and zod) load when someone subscribes, not with every public page.
    const { SUBSCRIBE_MESSAGE, subscribeBodySchema } = await import('@lumen/core/content/newsletter');
    const parsed = subscribeBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setError(null);
    try {
      await subscribe.mutateAsync({ email: parsed.data.email });
      setDoneMessage(SUBSCRIBE_MESSAGE);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not subscribe; please try again.'));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={cn('rounded-2xl p-6', dark ? 'bg-white/5' : 'border border-slate-200 bg-brand-50')}>
      <h2 id={`${id}-title`} className={cn('flex items-center gap-2 text-base font-semibold', dark ? 'text-white' : 'text-slate-900')}>
        <Mail className="h-4 w-4" aria-hidden="true" /> The Lumen Studio newsletter
      </h2>
      <p className={cn('mt-1 text-sm', dark ? 'text-slate-400' : 'text-slate-600')}>
        New tools, guides and prompt ideas, about once a month. Unsubscribe with one click.
      </p>
      {doneMessage ? (
        <p role="status" className={cn('mt-3 text-sm font-medium', dark ? 'text-emerald-300' : 'text-emerald-700')}>
          {doneMessage}
        </p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${id}-email`} className="sr-only">
            E-mail address for the newsletter
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
            className="sm:max-w-xs"
          />
          <Button type="submit" disabled={subscribe.isPending}>
            {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
          </Button>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={cn('mt-2 text-sm', dark ? 'text-red-300' : 'text-red-700')}>
          {error}
        </p>
      )}
    </section>
  );
}
