import { FormField } from './form-field.tsx';
import { Select } from './select.tsx';
import type { SelectProps } from './select.tsx';

/** A labelled native select with its field message: FormField and Select wired together; the options are its children. */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...selectProps
}: { label: string; error?: string; hint?: string } & Omit<SelectProps, 'id' | 'invalid'>) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(field) => (
        <Select id={field.id} invalid={field.invalid} aria-describedby={field.describedBy} {...selectProps}>
          {children}
        </Select>
      )}
    </FormField>
  );
}
