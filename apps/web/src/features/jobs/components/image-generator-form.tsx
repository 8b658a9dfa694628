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
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
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
      <FormField label="Prompt" error={errors.prompt?.message}>
        {(field) => (
          <Textarea
            id={field.id}
            aria-invalid={field.invalid}
            aria-describedby={field.describedBy}
            rows={3}
            placeholder="A misty forest at sunrise, soft light"
            {...register('prompt')}
          />
        )}
      </FormField>
      <RequestReadingLine
        service="image-generator"
        params={{ prompt, ...(negativePrompt ? { negativePrompt } : {}), style }}
        onRefusal={setRefused}
      />
      <FormField label="Negative prompt (optional)" error={errors.negativePrompt?.message} hint="Things to leave out">
        {(field) => (
          <Textarea
            id={field.id}
            aria-invalid={field.invalid}
            aria-describedby={field.describedBy}
            rows={2}
            {...register('negativePrompt')}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Aspect ratio" error={errors.aspectRatio?.message}>
          {(field) => (
            <Select id={field.id} {...register('aspectRatio')}>
              {imageAspectRatios.map((ratio) => (
                <option key={ratio}>{ratio}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Style" error={errors.style?.message}>
          {(field) => (
            <Select id={field.id} {...register('style')}>
              {imageStyles.map((style) => (
                <option key={style} value={style}>
                  {imageStyleNames[style]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Number of images" error={errors.numberOfImages?.message}>
          {(field) => (
            <Select id={field.id} {...register('numberOfImages', { setValueAs: optionalNumber })}>
              {counts.map((count) => (
                <option key={count}>{count}</option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label="Seed (optional)" error={errors.seed?.message} hint="The same prompt, style and seed give the same pictures">
        {(field) => (
          <Input
            id={field.id}
            type="number"
            inputMode="numeric"
            min={0}
            aria-invalid={field.invalid}
            aria-describedby={field.describedBy}
            {...register('seed', { setValueAs: optionalNumber })}
          />
        )}
      </FormField>
      <SubmitBar disabled={disabled || refused} submitting={submitting} cost={cost} freeRunsPerDay={freeRunsPerDay} label="Generate" />
    </form>
  );
}
