import { useState } from 'react';
import { Mail, Search } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { AdminList, countOf } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useMailOutboxQuery } from '../api/admin-mail-outbox.ts';
import { MailMessageDialog } from './mail-message-dialog.tsx';
import { mailStatusLabels, mailTemplateLabels } from './mail-template-labels.ts';

/** The mail the app has sent or stored (without SMTP_URL the outbox is the only copy), newest first. */
export function MailOutboxSection() {
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const [toText, setToText] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useMailOutboxQuery({ to: to || undefined, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <Card>
      <div className="flex items-start gap-3">
        <Mail className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
        <div>
          <CardTitle>Mail outbox</CardTitle>
          <CardDescription>
            Every e-mail the platform has sent: verification and reset codes, password changes and linked sign-in methods. Without an SMTP
            server configured, messages are kept only here.
          </CardDescription>
        </div>
      </div>
      <form
        role="search"
        aria-label="Filter the mail outbox"
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setTo(toText.trim());
          setPage(1);
        }}
      >
        <div className="flex-1">
          <label htmlFor="mail-outbox-to" className="block text-sm font-medium text-slate-700">
            Recipient
          </label>
          <Input
            id="mail-outbox-to"
            className="mt-1"
            type="search"
            value={toText}
            onChange={(event) => setToText(event.target.value)}
            placeholder="ada@example.com"
          />
        </div>
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" /> Filter
        </Button>
      </form>
      <div className="mt-4">
        <AdminList
          query={query}
          loadingLabel="Loading the outbox…"
          errorMessage="Failed to load the mail outbox"
          emptyTitle={to ? `No messages to ${to}` : 'No messages yet'}
          count={countOf('message')}
          caption="Mail outbox, newest first"
          rowKey={(message) => message.id}
          columns={[
            { header: 'To', cell: (message) => message.to, className: 'break-all' },
            {
              header: 'Subject',
              rowHeader: true,
              className: 'font-medium',
              cell: (message) => (
                <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => setOpenId(message.id)}>
                  {message.subject}
                </button>
              ),
            },
            {
              header: 'Template',
              cell: (message) => mailTemplateLabels[message.template] ?? message.template,
              className: 'whitespace-nowrap',
            },
            {
              header: 'Status',
              cell: (message) => (
                <Badge tone={mailStatusLabels[message.status]?.tone ?? 'neutral'}>
                  {mailStatusLabels[message.status]?.label ?? message.status}
                </Badge>
              ),
            },
            { header: 'Time', cell: (message) => formatDateTime(message.createdAt), className: 'whitespace-nowrap' },
          ]}
          pagerLabel="Mail outbox pages"
          onPageChange={setPage}
        />
      </div>
      <MailMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
