import { useState } from 'react';
import { toast } from 'sonner';
import { communityLimits, reportReasonSchema } from '@lumen/core/community/schemas';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useReportPost } from '../api/community-posts.ts';

/** Asks why the post should be looked at, then sends the report to the moderators. */
export function ReportDialog({ postId, open, onOpenChange }: { postId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const report = useReportPost();

  function submit() {
    const parsed = reportReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    report.mutate(
      { id: postId, reason: parsed.data },
      {
        onSuccess: () => {
          toast.success('Thanks, a moderator will look at this post');
          setReason('');
          setError(undefined);
          onOpenChange(false);
        },
        onError: (failure) => setError(errorMessage(failure, 'Failed to report the post')),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Report this post" description="Tell the moderators what is wrong with it.">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextareaField
          label="Reason"
          error={error}
          hint={`${communityLimits.reasonMin} to ${communityLimits.reasonMax} characters`}
          rows={3}
          value={reason}
          maxLength={communityLimits.reasonMax}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            {report.isPending ? 'Sending…' : 'Send report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
