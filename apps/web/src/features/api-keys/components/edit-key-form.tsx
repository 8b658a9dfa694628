import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { failureMessage, UPDATE_FAILED, UPDATED } from '../api/api-key-messages.ts';
import { useUpdateApiKey } from '../api/api-keys.ts';
import { keyFormFields, keyFormSchema, keyFormValuesOf, keySettingsOf } from './key-form-values.ts';
import type { KeyFormValues } from './key-form-values.ts';
import { KeySettingsFields } from './key-settings-fields.tsx';

/** Changes a key's name and limits in place: the same secret keeps working with the new settings. */
export function EditKeyForm({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  const update = useUpdateApiKey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<KeyFormValues>({ resolver: zodResolver(keyFormSchema), defaultValues: keyFormValuesOf(apiKey) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Only what was changed: an untouched expiry keeps its exact time (the form shows the day only).
      const settings = keySettingsOf(values);
      const body = Object.fromEntries(
        Object.entries(settings).filter(([name]) => dirtyFields[name === 'expiresAt' ? 'expiresOn' : (name as keyof KeyFormValues)]),
      );
      await update.mutateAsync({ id: apiKey.id, body });
      toast.success(UPDATED);
      onDone();
    } catch (error) {
      const expiryIssue = isApiError(error) ? error.details?.find((issue) => issue.field === 'expiresAt') : undefined;
      if (expiryIssue) setError('expiresOn', { type: 'server', message: expiryIssue.message });
      if (!applyServerFieldErrors(error, setError, keyFormFields) && !expiryIssue) toast.error(failureMessage(error, UPDATE_FAILED));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit API key settings" className="space-y-4">
      <TextField label="Key name" error={errors.name?.message} autoComplete="off" {...register('name')} />
      <KeySettingsFields register={register} errors={errors} />
      <p className="text-xs text-slate-500">
        The key keeps its secret; the new settings apply from its next request. To change the webhook URL, regenerate the key.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
