import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Send } from 'lucide-react';
import { supportLimits, supportMessageBodySchema } from '@lumen/core/content/support';
import type { SupportMessage } from '@lumen/core/content/support';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatDateTime } from '@/lib/format.ts';

export const SUPPORT_TEAM_NAME = 'Lumen Studio support';

/**
 * A support conversation, oldest message first, and the box to write the next one. The same view serves
 * the user (their messages on the right) and the admin (the support team's on the right). Bodies are shown
 * as text, line breaks kept; nothing in them is ever read as markup.
 */
export function SupportConversationView({
  messages,
  viewer,
  userName,
  onSend,
  sending,
  emptyText,
}: {
  messages: SupportMessage[];
  viewer: 'user' | 'admin';
  /** The account's name, shown on its messages in the admin's view. */
  userName?: string;
  onSend: (body: string) => Promise<unknown>;
  sending: boolean;
  emptyText: string;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const listRef = useRef<HTMLDivElement>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const mine = viewer === 'user' ? 'user' : 'support';

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const send = async () => {
    const parsed = supportMessageBodySchema.safeParse({ body: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await onSend(parsed.data.body);
      setText('');
    } catch (caught) {
      setError(errorMessage(caught, 'Could not send the message. Please try again.'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void send();
    }
  };

  const authorName = (message: SupportMessage) =>
    message.author === 'support' ? (viewer === 'admin' ? 'Support' : SUPPORT_TEAM_NAME) : viewer === 'user' ? 'You' : (userName ?? 'User');

  return (
    <div className="flex flex-col gap-4">
      {messages.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">{emptyText}</p>
      ) : (
        <div
          ref={listRef}
          role="log"
          aria-label="Messages"
          aria-live="polite"
          tabIndex={0}
          className="max-h-[60vh] overflow-y-auto rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
        >
          <ol className="space-y-3">
            {messages.map((message) => {
              const own = message.author === mine;
              return (
                <li key={message.id} className={cn('flex', own ? 'justify-end' : 'justify-start')}>
                  <article
                    aria-label={`${authorName(message)}, ${formatDateTime(message.createdAt)}`}
                    className={cn(
                      'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm shadow-sm',
                      own ? 'bg-brand-600 text-white' : 'border border-slate-200 bg-white text-slate-900',
                    )}
                  >
                    <p className={cn('mb-1 text-xs font-semibold', own ? 'text-brand-50' : 'text-slate-600')}>
                      {authorName(message)} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </p>
                    <p className="break-words whitespace-pre-wrap">{message.body}</p>
                  </article>
                </li>
              );
            })}
          </ol>
        </div>
      )}
      <form onSubmit={onSubmit} className="space-y-2" noValidate>
        <Label htmlFor={fieldId}>{viewer === 'user' ? 'Your message' : 'Your answer'}</Label>
        <Textarea
          id={fieldId}
          rows={4}
          value={text}
          maxLength={supportLimits.bodyMax}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={
            viewer === 'user' ? 'Ask us anything: a job, a payment, the API…' : 'Write the answer; it is also e-mailed to the user.'
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-500">
            {text.length.toLocaleString('en-US')} / {supportLimits.bodyMax.toLocaleString('en-US')} · Ctrl+Enter sends
          </p>
          <Button type="submit" disabled={sending}>
            <Send className="h-4 w-4" aria-hidden="true" /> {sending ? 'Sending…' : viewer === 'user' ? 'Send' : 'Send answer'}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
