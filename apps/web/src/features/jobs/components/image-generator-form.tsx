import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  imageAspectRatios,
  imageGeneratorLimits,
  imageGeneratorParamsSchema,
  imageStyleNames,
  imageStyles,
} from '@lumen/core/services/image-generator-params';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useState } from 'react';
import { RequestReadingLine } from './request-reading-line.tsx';
import { SubmitBar } from './tool-form-parts.tsx';
import type { ToolFormProps } from './tool-form-parts.tsx';

type Values = z.input<typeof imageGeneratorParamsSchema>;
const counts = Array.from({ length: imageGeneratorLimits.imagesMax }, (_, index) => index + 1);
const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

export function ImageGeneratorForm({ onSubmit, disabled, submitting, cost, freeRunsPerDay, initialPrompt }: ToolFormProps) {
  const { register, handleSubmit, formState, watch } = useForm<Values, unknown, z.output<typeof imageGeneratorParamsSchema>>({
    resolver: zodResolver(imageGeneratorParamsSchema),
    defaultValues: { prompt: initialPrompt ?? '', negativePrompt: '', aspectRatio: '1:1', style: 'abstract', numberOfImages: 1 },
  });
  const errors = formState.errors;
  const [refused, setRefused] = useState(false);
  const [prompt, negativePrompt, style] = watch(['prompt', 'negativePrompt', 'style']);
  const submit = handleSubmit((values) => {
    const { negativePrompt, seed, ...rest } = values;
    onSubmit({ params: { ...rest, ...(negativePrompt ? { negativePrompt } : {}), ...(seed !== undefined ? { seed } : {}) }, files: {} });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextareaField
        label="Prompt"
        error={errors.prompt?.message}
        rows={3}
        placeholder="A misty forest at sunrise, soft light"
        {...register('prompt')}
      />
      <RequestReadingLine
        service="image-generator"
        params={{ prompt, ...(negativePrompt ? { negativePrompt } : {}), style }}
        onRefusal={setRefused}
      />
      <TextareaField
        label="Negative prompt (optional)"
        error={errors.negativePrompt?.message}
        hint="Things to leave out"
        rows={2}
        {...register('negativePrompt')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Aspect ratio" error={errors.aspectRatio?.message} {...register('aspectRatio')}>
          {imageAspectRatios.map((ratio) => (
            <option key={ratio}>{ratio}</option>
          ))}
        </SelectField>
        <SelectField label="Style" error={errors.style?.message} {...register('style')}>
          {imageStyles.map((style) => (
            <option key={style} value={style}>
              {imageStyleNames[style]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Number of images"
          error={errors.numberOfImages?.message}
          {...register('numberOfImages', { setValueAs: optionalNumber })}
        >
          {counts.map((count) => (
            <option key={count}>{count}</option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Seed (optional)"
        error={errors.seed?.message}
        hint="The same prompt, style and seed give the same pictures"
        type="number"
        inputMode="numeric"
        min={0}
        {...register('seed', { setValueAs: optionalNumber })}
      />
      <SubmitBar disabled={disabled || refused} submitting={submitting} cost={cost} freeRunsPerDay={freeRunsPerDay} label="Generate" />
    </form>
  );
}
