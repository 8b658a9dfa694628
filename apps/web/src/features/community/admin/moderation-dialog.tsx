import { useState } from 'react';
import { toast } from 'sonner';
import { reportReasonSchema } from '@lumen/core/community/schemas';
import type { ModerationAction } from '@lumen/core/community/schemas';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useModeratePost } from '../api/community-posts.ts';

export const actionLabels: Record<ModerationAction, string> = { approve: 'Approve', hide: 'Hide', delete: 'Delete' };
const doneMessages: Record<ModerationAction, string> = { approve: 'Post approved', hide: 'Post hidden', delete: 'Post deleted' };
const descriptions: Record<ModerationAction, string> = {
  approve: 'The post stays (or is shown again) and its open reports are closed.',
  hide: 'The post disappears from the gallery and prompt search at once. Its author still sees it, marked hidden.',
  delete: 'The post is removed for good and the result cannot be shared again.',
};

/** Every moderation action needs a reason; it is recorded with the action and in the audit log. */
export function ModerationDialog({ postId, action, onClose }: { postId: string; action: ModerationAction; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const moderate = useModeratePost();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`${actionLabels[action]} this post`} description={descriptions[action]}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = reportReasonSchema.safeParse(reason);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          moderate.mutate(
            { id: postId, action, reason: parsed.data },
            {
              onSuccess: () => {
                toast.success(doneMessages[action]);
                onClose();
              },
              onError: (failure) => setError(errorMessage(failure, 'The action failed')),
            },
          );
        }}
      >
        <TextareaField
          label="Reason"
          error={error}
          hint="Recorded with the action"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={action === 'approve' ? 'primary' : 'danger'} disabled={moderate.isPending}>
            {moderate.isPending ? 'Working…' : actionLabels[action]}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
