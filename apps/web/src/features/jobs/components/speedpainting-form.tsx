import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { speedpaintingParamsSchema, speedpaintingResolutions, speedpaintingStyles } from '@lumen/core/services/speedpainting-params';
import { FormField } from '@/components/ui/form-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import type { Upload } from '../api/job-types.ts';
import { FileUploadField } from './file-upload-field.tsx';
import { maxBytesFor, SubmitBar, uploadIds } from './tool-form-parts.tsx';
import type { ToolFormProps } from './tool-form-parts.tsx';

type Values = z.input<typeof speedpaintingParamsSchema>;
const styleNames = { oil: 'Oil', watercolor: 'Watercolor', sketch: 'Sketch' } as const;

export function SpeedpaintingForm({ onSubmit, disabled, submitting, cost, freeRunsPerDay, serviceFiles }: ToolFormProps) {
  const [image, setImage] = useState<Upload | null>(null);
  const [imageError, setImageError] = useState<string>();
  const { register, handleSubmit, watch, formState } = useForm<Values, unknown, z.output<typeof speedpaintingParamsSchema>>({
    resolver: zodResolver(speedpaintingParamsSchema),
    defaultValues: { durationSeconds: 10, resolution: '480p', style: 'oil' },
  });
  const duration = watch('durationSeconds');
  function checkFiles(): boolean {
    setImageError(image ? undefined : 'Upload a picture');
    return image !== null;
  }
  const submit = handleSubmit((values) => {
    if (!checkFiles()) return;
    onSubmit({ params: values, files: uploadIds({ image }) });
  }, checkFiles);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <FileUploadField label="Picture" value={image} onChange={setImage} error={imageError} maxBytes={maxBytesFor(serviceFiles, 'image')} />
      <FormField label={`Video length: ${duration ?? 10} seconds`} error={formState.errors.durationSeconds?.message}>
        {(field) => (
          <input
            id={field.id}
            type="range"
            min={5}
            max={30}
            step={1}
            className="w-full accent-brand-600"
            {...register('durationSeconds', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Resolution" error={formState.errors.resolution?.message} {...register('resolution')}>
          {speedpaintingResolutions.map((resolution) => (
            <option key={resolution}>{resolution}</option>
          ))}
        </SelectField>
        <SelectField label="Style" error={formState.errors.style?.message} {...register('style')}>
          {speedpaintingStyles.map((style) => (
            <option key={style} value={style}>
              {styleNames[style]}
            </option>
          ))}
        </SelectField>
      </div>
      <SubmitBar disabled={disabled} submitting={submitting} cost={cost} freeRunsPerDay={freeRunsPerDay} label="Paint it" />
    </form>
  );
}
