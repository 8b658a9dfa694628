import { Badge } from '@/components/ui/badge.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useMailOutboxMessageQuery } from '../api/admin-mail-outbox.ts';
import { mailStatusLabels, mailTemplateLabels } from './mail-template-labels.ts';

/** One outbox message: who, when, which template, and its plain-text body (the HTML in a sandboxed preview). */
export function MailMessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data: message, isPending, isError, refetch } = useMailOutboxMessageQuery(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()} title={message?.subject ?? 'Message'} className="max-w-2xl">
      {isPending ? (
        <Spinner label="Loading the message…" />
      ) : isError ? (
        <ErrorState message="Failed to load the message" onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">To</dt>
            <dd className="break-all text-slate-900">{message.to}</dd>
            <dt className="text-slate-500">Sent</dt>
            <dd className="text-slate-900">{formatDateTime(message.createdAt)}</dd>
            <dt className="text-slate-500">Template</dt>
            <dd className="text-slate-900">{mailTemplateLabels[message.template] ?? message.template}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <Badge tone={mailStatusLabels[message.status]?.tone ?? 'neutral'}>
                {mailStatusLabels[message.status]?.label ?? message.status}
              </Badge>
            </dd>
          </dl>
          <section aria-label="Text body">
            <h3 className="text-sm font-semibold text-slate-700">Text</h3>
            <pre className="mt-1 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm whitespace-pre-wrap text-slate-800">
              {message.text}
            </pre>
          </section>
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-slate-700">HTML preview</summary>
            <iframe
              title="HTML preview"
              sandbox=""
              srcDoc={message.html}
              className="mt-2 h-80 w-full rounded-lg border border-slate-200 bg-white"
            />
          </details>
        </div>
      )}
    </Dialog>
  );
}
