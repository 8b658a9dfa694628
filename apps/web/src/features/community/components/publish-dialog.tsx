import { useState } from 'react';
import { toast } from 'sonner';
import { communityLimits, hasOwnPrompt, postPromptSchema, postTitleSchema } from '@lumen/core/community/schemas';
import type { Job } from '@lumen/core/jobs/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { usePublishPost } from '../api/community-posts.ts';

type Errors = { title?: string; prompt?: string; form?: string };

/** Shares one finished result: the tool's prompt goes with it, or the person describes it for tools without one. */
export function PublishDialog({
  job,
  open,
  onOpenChange,
  onPublished,
}: {
  job: Job;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPublished?: () => void;
}) {
  const [title, setTitle] = useState('');
  const [prompt, setPrompt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const publish = usePublishPost();
  const ownPrompt = hasOwnPrompt(job.service);
  const jobPrompt = typeof job.params.prompt === 'string' ? job.params.prompt : '';

  function submit() {
    const next: Errors = {};
    const parsedTitle = title.trim() ? postTitleSchema.safeParse(title) : null;
    if (parsedTitle && !parsedTitle.success) next.title = parsedTitle.error.issues[0]?.message;
    const parsedPrompt = ownPrompt ? null : postPromptSchema.safeParse(prompt);
    if (parsedPrompt && !parsedPrompt.success)
      next.prompt = prompt.trim() ? parsedPrompt.error.issues[0]?.message : 'Describe your result: this tool has no prompt to share';
    setErrors(next);
    if (next.title || next.prompt) return;
    publish.mutate(
      {
        jobId: job.id,
        ...(parsedTitle?.success ? { title: parsedTitle.data } : {}),
        ...(parsedPrompt?.success ? { prompt: parsedPrompt.data } : {}),
      },
      {
        onSuccess: () => {
          toast.success('Shared with the community');
          onOpenChange(false);
          onPublished?.();
        },
        onError: (error) => setErrors({ form: errorMessage(error, 'Failed to share the result') }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Publish to community"
      description={`Share this ${serviceNames[job.service]} result in the public gallery and prompt search.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Title (optional)"
          error={errors.title}
          value={title}
          maxLength={communityLimits.titleMax}
          onChange={(event) => setTitle(event.target.value)}
        />
        {ownPrompt ? (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">Prompt shared with it</p>
            <p className="rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-line text-slate-700" data-testid="shared-prompt">
              {jobPrompt}
            </p>
          </div>
        ) : (
          <TextareaField
            label="Description"
            error={errors.prompt}
            hint="This tool has no prompt: say what you made and how"
            rows={4}
            value={prompt}
            maxLength={communityLimits.promptMax}
            onChange={(event) => setPrompt(event.target.value)}
          />
        )}
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <p className="text-xs text-slate-500">Anyone can see what you share. Moderators may hide posts that break the rules.</p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={publish.isPending}>
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
