import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { IssuedApiKey } from '@lumen/core/api-keys/schemas';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { failureMessage, GENERATE_FAILED, GENERATED, isVerificationRequired } from '../api/api-key-messages.ts';
import { useGenerateApiKey } from '../api/api-keys.ts';
import { emptyKeyForm, keyFormFields, keyFormSchema, toGenerateBody } from './key-form-values.ts';
import type { KeyFormValues } from './key-form-values.ts';
import { KeySettingsFields } from './key-settings-fields.tsx';

/** The name form: a name, optional advanced settings, Generate and Cancel. */
export function GenerateKeyForm({
  onIssued,
  onCancel,
  onVerificationRequired,
}: {
  onIssued: (issued: IssuedApiKey) => void;
  onCancel: () => void;
  onVerificationRequired: (message: string) => void;
}) {
  const generate = useGenerateApiKey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<KeyFormValues>({ resolver: zodResolver(keyFormSchema), defaultValues: emptyKeyForm });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const issued = await generate.mutateAsync(toGenerateBody(values));
      generate.reset();
      toast.success(GENERATED);
      onIssued(issued);
    } catch (error) {
      generate.reset();
      const message = failureMessage(error, GENERATE_FAILED);
      if (isVerificationRequired(error)) onVerificationRequired(message);
      // The server names the expiry 'expiresAt'; the form's field is the day.
      const expiryIssue = isApiError(error) ? error.details?.find((issue) => issue.field === 'expiresAt') : undefined;
      if (expiryIssue) setError('expiresOn', { type: 'server', message: expiryIssue.message });
      if (!applyServerFieldErrors(error, setError, keyFormFields) && !expiryIssue) toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Generate an API key" className="space-y-4">
      <TextField
        label="Key name"
        error={errors.name?.message}
        hint={errors.name ? undefined : 'For example the app or server that will use it.'}
        placeholder="My backend"
        autoComplete="off"
        autoFocus
        {...register('name')}
      />

      <details className="rounded-lg border border-slate-200 p-3 open:pb-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Advanced settings (optional)</summary>
        <div className="mt-4 space-y-4">
          <KeySettingsFields register={register} errors={errors} />
          <TextField
            label="Webhook URL"
            error={errors.webhookUrl?.message}
            hint={errors.webhookUrl ? undefined : 'job.succeeded and job.failed events are POSTed here, signed with a secret shown once.'}
            type="url"
            placeholder="https://example.com/hooks/lumen"
            {...register('webhookUrl')}
          />
        </div>
      </details>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Generating…' : 'Generate'}
        </Button>
      </div>
    </form>
  );
}
