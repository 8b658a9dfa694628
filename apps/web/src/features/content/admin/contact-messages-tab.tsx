import { useState } from 'react';
import { Gift, Search } from 'lucide-react';
import { toast } from 'sonner';
import { contactGrantBodySchema, contactReplyBodySchema } from '@lumen/core/content/contact';
import type { ContactMessage, ContactStatus } from '@lumen/core/content/contact';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useContactMessagesQuery, useGrantContactCredits, useReplyToContact, useSetContactStatus } from '../api/admin-contact-messages.ts';

function MessageCard({ message }: { message: ContactMessage }) {
  const reply = useReplyToContact();
  const setStatus = useSetContactStatus();
  const grant = useGrantContactCredits();
  const [replyText, setReplyText] = useState('');
  const [replyError, setReplyError] = useState<string>();
  const [amount, setAmount] = useState('5');
  const [reason, setReason] = useState('');
  const [grantError, setGrantError] = useState<string>();

  const onReply = async () => {
    const parsed = contactReplyBodySchema.safeParse({ reply: replyText });
    if (!parsed.success) return setReplyError(parsed.error.issues[0]?.message);
    setReplyError(undefined);
    try {
      await reply.mutateAsync({ id: message.id, reply: parsed.data.reply });
      setReplyText('');
      toast.success(`Reply sent to ${message.email}`);
    } catch (error) {
      setReplyError(errorMessage(error, 'Could not send the reply'));
    }
  };

  const onGrant = async () => {
    const parsed = contactGrantBodySchema.safeParse({ amount: Number(amount), reason });
    if (!parsed.success) return setGrantError(parsed.error.issues[0]?.message);
    setGrantError(undefined);
    try {
      await grant.mutateAsync({ id: message.id, body: parsed.data });
      toast.success(`${parsed.data.amount} credits granted`);
    } catch (error) {
      setGrantError(errorMessage(error, 'Could not grant the credits'));
    }
  };

  return (
    <article aria-label={message.subject} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold break-words text-slate-900">{message.subject}</h3>
          <p className="text-sm break-all text-slate-600">
            {message.name} ·{' '}
            <a href={`mailto:${message.email}`} className="text-brand-700 underline">
              {message.email}
            </a>{' '}
            · {formatDateTime(message.createdAt)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={message.status === 'open' ? 'warning' : 'success'}>{message.status === 'open' ? 'Open' : 'Answered'}</Badge>
          <Button
            size="sm"
            variant="ghost"
            disabled={setStatus.isPending}
            onClick={() => void setStatus.mutateAsync({ id: message.id, status: message.status === 'open' ? 'answered' : 'open' })}
          >
            {message.status === 'open' ? 'Mark answered' : 'Reopen'}
          </Button>
        </div>
      </header>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{message.message}</p>
      {message.reply && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-700">Your reply{message.repliedAt ? ` · ${formatDateTime(message.repliedAt)}` : ''}</p>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">{message.reply}</p>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-2">
          <TextareaField
            label={`Reply to ${message.name}`}
            error={replyError}
            rows={3}
            value={replyText}
            onChange={(event) => setReplyText(event.target.value)}
          />
          <Button size="sm" onClick={() => void onReply()} disabled={reply.isPending}>
            {reply.isPending ? 'Sending…' : 'Send reply by e-mail'}
          </Button>
        </div>
        <div className="space-y-2 rounded-lg border border-dashed border-slate-300 p-3">
          <p className="flex items-center gap-1 text-sm font-medium text-slate-700">
            <Gift className="h-4 w-4" aria-hidden="true" /> FREE CREDITS
          </p>
          {message.creditsGranted !== null ? (
            <p className="text-sm text-emerald-700">
              {message.creditsGranted} credits granted: {message.grantReason}
            </p>
          ) : message.userId === null ? (
            <p className="text-sm text-slate-600">No account uses this e-mail yet.</p>
          ) : (
            <>
              <TextField
                label="Credits"
                type="number"
                min={1}
                max={1000}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
              <TextField
                label="Reason"
                placeholder="Shared on Instagram"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              {grantError && (
                <p role="alert" className="text-sm text-red-700">
                  {grantError}
                </p>
              )}
              <Button size="sm" variant="outline" onClick={() => void onGrant()} disabled={grant.isPending}>
                Grant credits
              </Button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/** Messages from /contact: read, answer by e-mail, mark, and grant the pricing page's FREE CREDITS once per message. */
export function ContactMessagesTab() {
  const [status, setStatus] = useState<ContactStatus | ''>('open');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useContactMessagesQuery({ status: status || undefined, search: search || undefined, page, limit: DEFAULT_PAGE_SIZE });
  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Filter messages"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(searchText.trim());
          setPage(1);
        }}
      >
        <div>
          <Label htmlFor="message-search">Name, e-mail or subject</Label>
          <Input
            id="message-search"
            className="mt-1"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="message-status">Status</Label>
          <Select
            id="message-status"
            className="mt-1"
            value={status}
            onChange={(event) => (setStatus(event.target.value as ContactStatus | ''), setPage(1))}
          >
            <option value="">All</option>
            <option value="open">Open</option>
            <option value="answered">Answered</option>
          </Select>
        </div>
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" /> Search
        </Button>
      </form>
      <QueryState
        query={query}
        loadingLabel="Loading messages…"
        errorMessage="Failed to load messages"
        isEmpty={(data) => data.items.length === 0}
        emptyTitle="No messages here"
        emptyText="Messages sent from the contact page appear here."
      >
        {(data) => (
          <>
            {data.items.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              onPageChange={setPage}
              disabled={query.isFetching}
              label="Message pages"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
