import { useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useAnswerNewsletterLink } from '../api/newsletter-subscription.ts';

const texts = {
  confirm: {
    title: 'Confirm your subscription',
    description: 'One click and you get the Lumen Studio newsletter: new tools, guides and prompt ideas, about once a month.',
    button: 'Confirm subscription',
    done: 'Your subscription is confirmed. Welcome aboard!',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    description: 'You will no longer receive the Lumen Studio newsletter. You can subscribe again at any time.',
    button: 'Unsubscribe',
    done: 'You are unsubscribed. Sorry to see you go!',
  },
} as const;

/**
 * /newsletter/confirm and /newsletter/unsubscribe: the links of our mails. The answer waits for a click,
 * so mail scanners that open every link neither confirm nor unsubscribe anyone.
 */
export function NewsletterLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const answer = useAnswerNewsletterLink();
  const text = texts[action];
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Newsletter" title={text.title} description={text.description} />
      {answer.isSuccess ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-emerald-50 p-4 text-emerald-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> {text.done} <span className="break-all">({answer.data.email})</span>
        </p>
      ) : !token ? (
        <p role="alert" className="text-red-700">
          This link is incomplete. Open it again from the e-mail, or copy the whole address.
        </p>
      ) : (
        <>
          <Button size="lg" disabled={answer.isPending} onClick={() => answer.mutate({ action, token })}>
            {answer.isPending ? 'One moment…' : text.button}
          </Button>
          {answer.isError && (
            <p role="alert" className="mt-4 text-red-700">
              {errorMessage(answer.error, 'Something went wrong; please try again.')}
            </p>
          )}
        </>
      )}
    </PageContainer>
  );
}
