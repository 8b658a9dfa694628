import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye } from 'lucide-react';
import { toast } from 'sonner';
import { updateIntroductionDialogBodySchema } from '@lumen/core/jobs/schemas';
import type { AdminIntroductionDialog, UpdateIntroductionDialogBody } from '@lumen/core/jobs/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { useUpdateIntroductionDialog } from '../api/admin-introduction-dialogs.ts';

const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);

function DialogBody({ body }: { body: string }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      {paragraphsOf(body).map((text, index) => (
        <p key={index} className="whitespace-pre-line">
          {text}
        </p>
      ))}
    </div>
  );
}

/** One tool's onboarding dialog: title, body (plain paragraphs), enabled; save; and a preview as users see it. */
export function IntroductionDialogCard({ dialog }: { dialog: AdminIntroductionDialog }) {
  const name = serviceNames[dialog.service];
  const update = useUpdateIntroductionDialog();
  const [previewOpen, setPreviewOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<UpdateIntroductionDialogBody>({
    resolver: zodResolver(updateIntroductionDialogBodySchema),
    defaultValues: { title: dialog.title, body: dialog.body, enabled: dialog.enabled },
  });
  useEffect(
    () => reset({ title: dialog.title, body: dialog.body, enabled: dialog.enabled }),
    [dialog.title, dialog.body, dialog.enabled, reset],
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ service: dialog.service, body: values });
      reset({ title: saved.title, body: saved.body, enabled: saved.enabled });
      toast.success(`${name} introduction saved`);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['title', 'body', 'enabled']))
        toast.error(errorMessage(error, `Could not save the ${name} introduction`));
    }
  });

  const title = watch('title');
  const body = watch('body');
  const enabled = watch('enabled');
  return (
    <article
      aria-labelledby={`intro-${dialog.service}`}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:grid-cols-2"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`intro-${dialog.service}`} className="text-lg font-semibold text-slate-900">
            {name}
          </h2>
          <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'Shown on first visit' : 'Off'}</Badge>
        </div>
        <TextField label={`${name} dialog title`} error={errors.title?.message} {...register('title')} />
        <TextareaField
          label={`${name} dialog text`}
          error={errors.body?.message}
          hint="Plain text; leave an empty line between paragraphs."
          rows={6}
          {...register('body')}
        />
        <label className="flex items-center gap-3 text-sm text-slate-700">
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Switch checked={field.value} onCheckedChange={(checked) => field.onChange(checked)} aria-label={`${name} dialog enabled`} />
            )}
          />
          Show this dialog on a user’s first visit to the tool
        </label>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-500">Last saved {formatDateTime(dialog.updatedAt)}</p>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setPreviewOpen(true)}>
              <Eye className="h-4 w-4" aria-hidden="true" /> Preview
            </Button>
            <Button type="submit" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
      </form>
      <div aria-label={`Preview of the ${name} dialog`} className="flex items-center justify-center rounded-xl bg-ink/70 p-4">
        <div className="w-full max-w-md rounded-2xl bg-white p-5 shadow-2xl">
          <p className="text-lg font-bold text-slate-900">{title || 'Untitled'}</p>
          <div className="mt-3">
            <DialogBody body={body} />
          </div>
          <div className="mt-5 flex justify-end">
            <span className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white" aria-hidden="true">
              Got it
            </span>
          </div>
        </div>
      </div>
      <Dialog open={previewOpen} onOpenChange={setPreviewOpen} title={title || 'Untitled'} size="lg">
        <DialogBody body={body} />
        <div className="mt-6 flex justify-end">
          <Button onClick={() => setPreviewOpen(false)}>Got it</Button>
        </div>
      </Dialog>
    </article>
  );
}
