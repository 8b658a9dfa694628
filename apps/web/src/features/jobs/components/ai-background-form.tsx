import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { tooManyPixelsMessage } from '@lumen/core/jobs/schemas';
import {
  aiBackgroundMaxMegapixels,
  aiBackgroundMaxPixels,
  aiBackgroundParamsSchema,
  aiBackgroundPresetCount,
  aiBackgroundPresetName,
  aiBackgroundPresetUrl,
} from '@lumen/core/services/ai-background-params';
import { serviceNames } from '@lumen/core/services/catalogue';
import type { AiBackgroundMode } from '@lumen/core/services/ai-background-params';
import { cn } from '@/lib/cn.ts';
import type { Upload } from '../api/job-types.ts';
import { FileUploadField } from './file-upload-field.tsx';
import { ChoiceGroup, FieldError, maxBytesFor, SubmitBar, uploadIds } from './tool-form-parts.tsx';
import type { ToolFormProps } from './tool-form-parts.tsx';

type Values = z.input<typeof aiBackgroundParamsSchema>;
const presets = Array.from({ length: aiBackgroundPresetCount }, (_, index) => index + 1);
const modeOptions: { value: AiBackgroundMode; label: string }[] = [
  { value: 'transparent', label: 'Transparent' },
  { value: 'color', label: 'Colour' },
  { value: 'preset', label: 'Our backgrounds' },
  { value: 'upload', label: 'Your picture' },
];

/** The server refuses these too; saying so at once spares a round trip. */
function tooManyPixels(upload: Upload | null): string | undefined {
  const pixels = (upload?.width ?? 0) * (upload?.height ?? 0);
  return pixels > aiBackgroundMaxPixels ? tooManyPixelsMessage(serviceNames['ai-background'], pixels, aiBackgroundMaxPixels) : undefined;
}

function limitsText(freeRunsPerDay?: number): string {
  const images = `Images up to ${aiBackgroundMaxMegapixels} megapixels`;
  return freeRunsPerDay ? `${images}, ${freeRunsPerDay} free run${freeRunsPerDay === 1 ? '' : 's'} a day.` : `${images}.`;
}

export function AiBackgroundForm({ onSubmit, disabled, submitting, cost, freeRunsPerDay, serviceFiles }: ToolFormProps) {
  const [image, setImage] = useState<Upload | null>(null);
  const [background, setBackground] = useState<Upload | null>(null);
  const [fileErrors, setFileErrors] = useState<{ image?: string; background?: string }>({});
  const { control, register, handleSubmit, watch, formState } = useForm<Values, unknown, z.output<typeof aiBackgroundParamsSchema>>({
    resolver: zodResolver(aiBackgroundParamsSchema),
    defaultValues: { mode: 'transparent', color: '#ffffff' },
  });
  const mode = watch('mode');

  const pick = (field: 'image' | 'background', set: (upload: Upload | null) => void) => (upload: Upload | null) => {
    const problem = tooManyPixels(upload);
    setFileErrors((errors) => ({ ...errors, [field]: problem }));
    set(problem ? null : upload);
  };

  function checkFiles(): boolean {
    const errors = {
      image: image ? undefined : 'Upload a photo',
      background: mode === 'upload' && !background ? 'Upload a background picture' : undefined,
    };
    setFileErrors(errors);
    return !errors.image && !errors.background;
  }

  const submit = handleSubmit((values) => {
    if (!checkFiles()) return;
    onSubmit({
      params: {
        mode: values.mode,
        ...(values.mode === 'color' ? { color: values.color } : {}),
        ...(values.mode === 'preset' ? { preset: values.preset } : {}),
      },
      files: uploadIds({ image, background: values.mode === 'upload' ? background : null }),
      inputPreviewUrl: image?.previewUrl,
    });
  }, checkFiles);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <div className="space-y-1">
        <FileUploadField
          label="Photo"
          value={image}
          onChange={pick('image', setImage)}
          error={fileErrors.image}
          maxBytes={maxBytesFor(serviceFiles, 'image')}
        />
        <p className="text-xs text-slate-500" data-testid="ai-background-limits">
          {limitsText(freeRunsPerDay)}
        </p>
      </div>
      <Controller
        control={control}
        name="mode"
        render={({ field }) => (
          <ChoiceGroup legend="Background" name="mode" value={field.value} options={modeOptions} onChange={field.onChange} />
        )}
      />
      {mode === 'color' && (
        <div className="space-y-1.5">
          <label htmlFor="bg-color" className="block text-sm font-medium text-slate-800">
            Background colour
          </label>
          <input id="bg-color" type="color" {...register('color')} className="h-10 w-20 cursor-pointer rounded border border-slate-300" />
          <FieldError message={formState.errors.color?.message} />
        </div>
      )}
      {mode === 'preset' && (
        <Controller
          control={control}
          name="preset"
          render={({ field }) => (
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Choose a studio backdrop (the subject is stood on its floor)</legend>
              <div className="mt-1.5 grid grid-cols-5 gap-2">
                {presets.map((preset) => (
                  <label
                    key={preset}
                    className={cn(
                      'cursor-pointer overflow-hidden rounded-lg border-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                      field.value === preset ? 'border-brand-600' : 'border-transparent',
                    )}
                  >
                    <input
                      type="radio"
                      name="preset"
                      value={preset}
                      checked={field.value === preset}
                      onChange={() => field.onChange(preset)}
                      className="sr-only"
                    />
                    <img
                      src={aiBackgroundPresetUrl(preset)}
                      alt={aiBackgroundPresetName(preset)}
                      title={aiBackgroundPresetName(preset)}
                      className="aspect-square w-full object-cover"
                      loading="lazy"
                    />
                  </label>
                ))}
              </div>
              <FieldError message={formState.errors.preset?.message} />
            </fieldset>
          )}
        />
      )}
      {mode === 'upload' && (
        <FileUploadField
          label="Background picture"
          value={background}
          onChange={pick('background', setBackground)}
          error={fileErrors.background}
          maxBytes={maxBytesFor(serviceFiles, 'background')}
        />
      )}
      <SubmitBar disabled={disabled} submitting={submitting} cost={cost} freeRunsPerDay={freeRunsPerDay} label="Replace background" />
    </form>
  );
}
