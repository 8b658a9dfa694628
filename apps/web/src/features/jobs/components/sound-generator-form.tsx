import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { soundGeneratorParamsSchema } from '@lumen/core/services/sound-generator-params';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
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
      <TextareaField
        label="Prompt"
        error={formState.errors.prompt?.message}
        rows={3}
        placeholder="Gentle rain on a window with a calm piano"
        {...register('prompt')}
      />
      <RequestReadingLine service="sound-generator" params={{ prompt }} onRefusal={setRefused} />
      <TextField
        label="Duration (seconds, 1 to 30)"
        error={formState.errors.durationSeconds?.message}
        type="number"
        min={1}
        max={30}
        step={1}
        className="w-32"
        {...register('durationSeconds', { valueAsNumber: true })}
      />
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
