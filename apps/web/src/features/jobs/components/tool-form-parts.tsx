import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import type { ServiceFile, Upload } from '../api/job-types.ts';

/** What a tool form hands to the page once it is valid. */
export type ToolSubmission = {
  params: Record<string, unknown>;
  files: Record<string, string>;
  /** The uploaded picture to compare the result with (AI background). */
  inputPreviewUrl?: string;
};

export type ToolFormProps = {
  onSubmit: (submission: ToolSubmission) => void;
  /** Credits are short or a job is being submitted. */
  disabled: boolean;
  submitting: boolean;
  cost: number;
  /** Runs a day of a free tool (GET /services), when it is limited. */
  freeRunsPerDay?: number;
  serviceFiles?: ServiceFile[];
  /** A prompt to start from ('Use this prompt' in the community: ?prompt= on the tool page). */
  initialPrompt?: string;
};

export function maxBytesFor(files: ServiceFile[] | undefined, name: string): number | undefined {
  return files?.find((file) => file.name === name)?.maxBytes;
}

export function uploadIds(entries: Record<string, Upload | null>): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [field, upload] of Object.entries(entries)) if (upload) ids[field] = upload.id;
  return ids;
}

/** What a run costs: credits, or for a free tool how many runs a day (unlimited when not limited). */
export function costText(cost: number, freeRunsPerDay?: number): string {
  if (cost > 0) return `Uses ${cost} credit${cost === 1 ? '' : 's'}`;
  return freeRunsPerDay ? `Free — ${freeRunsPerDay} run${freeRunsPerDay === 1 ? '' : 's'} a day` : 'Free — unlimited uses';
}

export function SubmitBar({
  disabled,
  submitting,
  cost,
  freeRunsPerDay,
  label,
}: {
  disabled: boolean;
  submitting: boolean;
  cost: number;
  freeRunsPerDay?: number;
  label: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 pt-2">
      <Button type="submit" size="lg" disabled={disabled || submitting}>
        {submitting ? 'Starting…' : label}
      </Button>
      <span className="text-sm text-slate-600">{costText(cost, freeRunsPerDay)}</span>
    </div>
  );
}

/** A group of radio choices drawn as buttons (a fieldset with a legend). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-lg border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
              value === option.value
                ? 'border-brand-500 bg-brand-50 text-brand-800'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}
