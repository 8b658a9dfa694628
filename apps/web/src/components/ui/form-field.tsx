import { useId } from 'react';
import type { ReactNode } from 'react';
import { Label } from './label.tsx';

type FieldProps = { id: string; invalid: boolean; describedBy?: string };

/** A label, a control and its field message, wired together for assistive technology. */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (field: FieldProps) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, invalid: Boolean(error), describedBy: message ? messageId : undefined })}
      {message && (
        <p id={messageId} className={error ? 'text-sm text-red-600' : 'text-xs text-slate-500'} role={error ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}
