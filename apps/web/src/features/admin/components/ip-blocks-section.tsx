import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { createIpBlockBodySchema } from '@lumen/core/admin/ip-blocks';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useAddIpBlock, useIpBlocksQuery, useRemoveIpBlock } from '../api/admin-security.ts';
import { AdminSectionCard } from './admin-section-card.tsx';

type Errors = { cidr?: string; reason?: string; form?: string };

/** Blocked IP ranges: add (CIDR and reason, checked like the server does) and remove. */
export function IpBlocksSection({ cidr, onCidrChange }: { cidr: string; onCidrChange: (value: string) => void }) {
  const query = useIpBlocksQuery();
  const add = useAddIpBlock();
  const remove = useRemoveIpBlock();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [target, setTarget] = useState<{ id: string; cidr: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createIpBlockBodySchema.safeParse({ cidr, reason });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'cidr' | 'reason';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (block) => {
        toast.success('Range blocked', { description: block.cidr });
        onCidrChange('');
        setReason('');
        setErrors({});
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to block the range');
        setErrors(isApiError(error) && error.status === 400 ? { cidr: message } : { form: message });
      },
    });
  };

  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        noValidate
        aria-label="Block an IP range"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
      >
        <TextField
          label="IP or range (CIDR)"
          placeholder="203.0.113.0/24"
          value={cidr}
          error={errors.cidr}
          onChange={(event) => onCidrChange(event.target.value)}
        />
        <TextField label="Reason" value={reason} error={errors.reason} onChange={(event) => setReason(event.target.value)} />
        <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
          {add.isPending ? 'Blocking…' : 'Block range'}
        </Button>
        {errors.form && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-3">
            {errors.form}
          </p>
        )}
        {query.data && (
          <p className="text-xs text-slate-500 sm:col-span-3">
            You are connecting from {query.data.yourIp}; a range that holds it cannot be blocked.
          </p>
        )}
      </form>
      <AdminSectionCard title="Blocked ranges" query={query} isEmpty={(data) => data.items.length === 0} emptyTitle="No blocked ranges">
        {(data) => (
          <DataTable
            caption="Blocked ranges"
            rows={data.items}
            rowKey={(block) => block.id}
            columns={[
              { header: 'Range', cell: (block) => block.cidr, className: 'font-mono text-xs' },
              { header: 'Reason', cell: (block) => block.reason, className: 'break-words' },
              { header: 'Blocked by', cell: (block) => block.createdBy ?? '—', className: 'break-all' },
              { header: 'Since', cell: (block) => formatDateTime(block.createdAt), className: 'whitespace-nowrap' },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (block) => (
                  <Button size="sm" variant="outline" onClick={() => setTarget({ id: block.id, cidr: block.cidr })}>
                    Unblock
                  </Button>
                ),
              },
            ]}
          />
        )}
      </AdminSectionCard>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={`Unblock ${target?.cidr ?? ''}?`}
        description="Requests from this range are accepted again."
        confirmLabel="Unblock"
        isPending={remove.isPending}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              toast.success('Range unblocked');
              setTarget(null);
            },
            onError: (error) => {
              toast.error('Failed to unblock', { description: errorMessage(error, 'Please try again.') });
              setTarget(null);
            },
          })
        }
      />
    </div>
  );
}
