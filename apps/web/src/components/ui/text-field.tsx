import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';
import type { InputProps } from './input.tsx';

/** A labelled text input with its field message: FormField and Input wired together. */
export function TextField({
  label,
  error,
  hint,
  ...inputProps
}: { label: string; error?: string; hint?: string } & Omit<InputProps, 'id' | 'invalid'>) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(field) => <Input id={field.id} invalid={field.invalid} aria-describedby={field.describedBy} {...inputProps} />}
    </FormField>
  );
}
