import { FormField } from './form-field.tsx';
import { Textarea } from './textarea.tsx';
import type { TextareaProps } from './textarea.tsx';

/** A labelled textarea with its field message: FormField and Textarea wired together. */
export function TextareaField({
  label,
  error,
  hint,
  ...textareaProps
}: { label: string; error?: string; hint?: string } & Omit<TextareaProps, 'id' | 'invalid'>) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(field) => <Textarea id={field.id} invalid={field.invalid} aria-describedby={field.describedBy} {...textareaProps} />}
    </FormField>
  );
}
