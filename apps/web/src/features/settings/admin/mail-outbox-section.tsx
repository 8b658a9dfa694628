import { useState } from 'react';
import { Mail } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { AdminFilters } from '@/components/admin/admin-filters.tsx';
import { AdminList, countOf } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { someText, useListFilters } from '@/lib/use-list-filters.ts';
import { useMailOutboxQuery } from '../api/admin-mail-outbox.ts';
import { MailMessageDialog } from './mail-message-dialog.tsx';
import { mailStatusLabels, mailTemplateLabels } from './mail-template-labels.ts';

/** The mail the app has sent or stored (without SMTP_URL the outbox is the only copy), newest first. */
export function MailOutboxSection() {
  const list = useListFilters({ search: someText }, {}, { inAddress: false });
  const { filters, page, setQuery } = list;
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useMailOutboxQuery({ to: filters.search, page, limit: DEFAULT_PAGE_SIZE });

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
      <div className="mt-4">
        <AdminFilters
          label="Filter the mail outbox"
          list={list}
          clearable={false}
          submitLabel="Filter"
          fields={[{ kind: 'search', id: 'mail-outbox-to', label: 'Recipient', placeholder: 'ada@example.com' }]}
        />
      </div>
      <div>
        <AdminList
          query={query}
          loadingLabel="Loading the outbox…"
          errorMessage="Failed to load the mail outbox"
          emptyTitle={filters.search ? `No messages to ${filters.search}` : 'No messages yet'}
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
          onPageChange={(next) => setQuery({ page: next })}
        />
      </div>
      <MailMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
