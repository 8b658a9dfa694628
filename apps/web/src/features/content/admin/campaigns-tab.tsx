import { useState } from 'react';
import { Send, TestTube2 } from 'lucide-react';
import { toast } from 'sonner';
import { campaignBodySchema } from '@lumen/core/content/newsletter';
import type { Campaign, RecipientStatus } from '@lumen/core/content/newsletter';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import {
  useCampaignRecipientsQuery,
  useCampaignsQuery,
  useSaveCampaign,
  useSendCampaign,
  useSendTestCampaign,
} from '../api/admin-newsletter.ts';
import { MarkdownPreview } from './markdown-preview.tsx';

const statusTone = { draft: 'neutral', sending: 'warning', sent: 'success' } as const;
const statusLabel = { draft: 'Draft', sending: 'Sending', sent: 'Sent' } as const;

function Progress({ campaign }: { campaign: Campaign }) {
  const { total, sent, failed } = campaign.progress;
  if (total === 0) return <span className="text-slate-500">—</span>;
  const done = sent + failed;
  return (
    <div className="min-w-40">
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`${campaign.subject} progress`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="h-full bg-brand-600" style={{ width: `${Math.round((done / total) * 100)}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {sent} of {total} sent{failed > 0 ? `, ${failed} failed` : ''}
      </p>
    </div>
  );
}

function Recipients({ campaign }: { campaign: Campaign }) {
  const [status, setStatus] = useState<RecipientStatus | ''>('');
  const [page, setPage] = useState(1);
  const { data, isPending } = useCampaignRecipientsQuery(campaign.id, { status: status || undefined, page, limit: 20 });
  return (
    <section aria-label={`Recipients of ${campaign.subject}`} className="space-y-2">
      <div className="flex items-end gap-2">
        <div>
          <label htmlFor="recipient-status" className="text-sm font-medium text-slate-700">
            Recipients
          </label>
          <Select
            id="recipient-status"
            className="mt-1"
            value={status}
            onChange={(event) => (setStatus(event.target.value as RecipientStatus | ''), setPage(1))}
          >
            <option value="">All</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
            <option value="pending">Waiting</option>
          </Select>
        </div>
      </div>
      {isPending || !data ? (
        <Spinner label="Loading recipients…" />
      ) : (
        <DataTable
          caption="Recipients"
          rows={data.items}
          rowKey={(recipient) => recipient.email}
          emptyText="No recipients here."
          columns={[
            { header: 'E-mail', cell: (recipient) => recipient.email, className: 'break-all' },
            {
              header: 'Result',
              cell: (recipient) => (
                <>
                  <Badge tone={recipient.status === 'sent' ? 'success' : recipient.status === 'failed' ? 'danger' : 'neutral'}>
                    {recipient.status}
                  </Badge>
                  {recipient.error && <p className="mt-1 text-xs text-red-700">{recipient.error}</p>}
                </>
              ),
            },
            {
              header: 'Sent',
              cell: (recipient) => (recipient.sentAt ? formatDateTime(recipient.sentAt) : '—'),
              className: 'whitespace-nowrap',
            },
          ]}
          pager={{ page: data.page, totalPages: data.totalPages, onPageChange: setPage, label: 'Recipient pages' }}
        />
      )}
    </section>
  );
}

/** Compose in markdown with the shared preview, test on yourself, send to all confirmed subscribers and follow the progress. */
export function CampaignsTab() {
  const campaigns = useCampaignsQuery();
  const save = useSaveCampaign();
  const test = useSendTestCampaign();
  const send = useSendCampaign();
  const [editing, setEditing] = useState<{ id?: string; subject: string; body: string } | null>(null);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [confirmSend, setConfirmSend] = useState<Campaign | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const onSave = async () => {
    if (!editing) return;
    const parsed = campaignBodySchema.safeParse({ subject: editing.subject, body: editing.body });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'subject' | 'body'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: editing.id, body: parsed.data });
      setEditing({ id: saved.id, subject: saved.subject, body: saved.body });
      toast.success('Draft saved');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the campaign'));
    }
  };

  return (
    <div className="space-y-6">
      {editing ? (
        <section aria-label="Compose a campaign" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
          <TextField
            label="Subject"
            value={editing.subject}
            error={errors.subject}
            onChange={(event) => setEditing({ ...editing, subject: event.target.value })}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <TextareaField
              label="Newsletter (markdown)"
              error={errors.body}
              rows={16}
              className="font-mono"
              value={editing.body}
              onChange={(event) => setEditing({ ...editing, body: event.target.value })}
            />
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">Live preview</p>
              <MarkdownPreview source={editing.body} label="Newsletter preview" className="max-h-[36rem] overflow-y-auto" />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void onSave()} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save draft'}
            </Button>
            {editing.id && (
              <Button
                variant="outline"
                disabled={test.isPending}
                onClick={() =>
                  void test.mutateAsync(editing.id ?? '').then(
                    (sent) => toast.success(`Test sent to ${sent.to}`),
                    (error: unknown) => toast.error(errorMessage(error, 'Could not send the test')),
                  )
                }
              >
                <TestTube2 className="h-4 w-4" aria-hidden="true" /> Send a test to me
              </Button>
            )}
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Close
            </Button>
          </div>
          <p className="text-xs text-slate-500">Every newsletter ends with the subscriber's own unsubscribe link.</p>
        </section>
      ) : (
        <Button onClick={() => setEditing({ subject: '', body: '' })}>New campaign</Button>
      )}
      <QueryState
        query={campaigns}
        loadingLabel="Loading campaigns…"
        errorMessage="Failed to load campaigns"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No campaigns yet"
        emptyText="Compose the first newsletter with “New campaign”."
      >
        {(data) => (
          <DataTable
            caption="Campaigns"
            rows={data}
            rowKey={(campaign) => campaign.id}
            columns={[
              { header: 'Subject', cell: (campaign) => campaign.subject, className: 'font-medium' },
              { header: 'Status', cell: (campaign) => <Badge tone={statusTone[campaign.status]}>{statusLabel[campaign.status]}</Badge> },
              { header: 'Progress', cell: (campaign) => <Progress campaign={campaign} /> },
              { header: 'Created', cell: (campaign) => formatDateTime(campaign.createdAt), className: 'whitespace-nowrap' },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (campaign) => (
                  <div className="flex flex-wrap gap-1">
                    {campaign.status === 'draft' && (
                      <>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setEditing({ id: campaign.id, subject: campaign.subject, body: campaign.body })}
                        >
                          Edit
                        </Button>
                        <Button size="sm" onClick={() => setConfirmSend(campaign)}>
                          <Send className="h-4 w-4" aria-hidden="true" /> Send
                        </Button>
                      </>
                    )}
                    {campaign.progress.total > 0 && (
                      <Button size="sm" variant="ghost" onClick={() => setOpenId(openId === campaign.id ? null : campaign.id)}>
                        {openId === campaign.id ? 'Hide results' : 'Results'}
                      </Button>
                    )}
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {openId && campaigns.data?.find((campaign) => campaign.id === openId) && (
        <Recipients campaign={campaigns.data.find((campaign) => campaign.id === openId)!} />
      )}
      <ConfirmDialog
        open={confirmSend !== null}
        onOpenChange={(open) => !open && setConfirmSend(null)}
        title="Send this newsletter?"
        description={`“${confirmSend?.subject ?? ''}” goes to every confirmed subscriber now. It cannot be unsent.`}
        confirmLabel="Send to all confirmed subscribers"
        isPending={send.isPending}
        onConfirm={() => {
          if (!confirmSend) return;
          void send.mutateAsync(confirmSend.id).then(
            () => {
              toast.success('Sending started');
              setConfirmSend(null);
              setEditing(null);
            },
            (error: unknown) => toast.error(errorMessage(error, 'Could not send the campaign')),
          );
        }}
      />
    </div>
  );
}
