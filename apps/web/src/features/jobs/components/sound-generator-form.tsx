import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { soundGeneratorParamsSchema } from '@lumen/core/services/sound-generator-params';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useState } from 'react';
import { RequestReadingLine } from './request-reading-line.tsx';
import { SubmitBar } from './tool-form-parts.tsx';
import type { ToolFormProps } from './tool-form-parts.tsx';

type Values = z.input<typeof soundGeneratorParamsSchema>;

export function SoundGeneratorForm({ onSubmit, disabled, submitting, cost, freeRunsPerDay, initialPrompt }: ToolFormProps) {
  const { register, handleSubmit, formState, watch } = useForm<Values, unknown, z.output<typeof soundGeneratorParamsSchema>>({
    resolver: zodResolver(soundGeneratorParamsSchema),
    defaultValues: { prompt: initialPrompt ?? '', durationSeconds: 8 },
  });
  const submit = handleSubmit((values) => onSubmit({ params: values, files: {} }));
  const [refused, setRefused] = useState(false);
  const prompt = watch('prompt');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <FormField label="Prompt" error={formState.errors.prompt?.message}>
        {(field) => (
          <Textarea
            id={field.id}
            aria-invalid={field.invalid}
            aria-describedby={field.describedBy}
            rows={3}
            placeholder="Gentle rain on a window with a calm piano"
            {...register('prompt')}
          />
        )}
      </FormField>
      <RequestReadingLine service="sound-generator" params={{ prompt }} onRefusal={setRefused} />
      <FormField label="Duration (seconds, 1 to 30)" error={formState.errors.durationSeconds?.message}>
        {(field) => (
          <Input
            id={field.id}
            type="number"
            min={1}
            max={30}
            step={1}
            aria-invalid={field.invalid}
            aria-describedby={field.describedBy}
            className="w-32"
            {...register('durationSeconds', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <SubmitBar
        disabled={disabled || refused}
        submitting={submitting}
        cost={cost}
        freeRunsPerDay={freeRunsPerDay}
        label="Generate sound"
      />
    </form>
  );
}
