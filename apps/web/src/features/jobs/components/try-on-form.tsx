import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  garmentCategories,
  garmentCategoryNames,
  likenessConsentMessage,
  virtualTryOnParamsSchema,
} from '@lumen/core/services/virtual-try-on-params';
import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import { SelectField } from '@/components/ui/select-field.tsx';
import { cn } from '@/lib/cn.ts';
import { useTryOnCatalogue } from '../api/jobs.ts';
import type { CatalogueItem, Upload } from '../api/job-types.ts';
import { FileUploadField } from './file-upload-field.tsx';
import { ChoiceGroup, FieldError, maxBytesFor, SubmitBar, uploadIds } from './tool-form-parts.tsx';
import type { ToolFormProps } from './tool-form-parts.tsx';
import { TryOnPhotoGuide } from './try-on-photo-guide.tsx';

type Values = z.input<typeof virtualTryOnParamsSchema>;
type Source = 'upload' | 'catalogue';

function CataloguePicker({
  legend,
  name,
  items,
  value,
  onChange,
  isLoading,
}: {
  legend: string;
  name: string;
  items: CatalogueItem[] | undefined;
  value: string | null;
  onChange: (item: CatalogueItem) => void;
  isLoading: boolean;
}) {
  if (isLoading) return <p className="text-sm text-slate-600">Loading…</p>;
  if (!items?.length) return <p className="text-sm text-slate-600">None available yet — upload a photo instead.</p>;
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {items.map((item) => (
          <label
            key={item.id}
            className={cn(
              'cursor-pointer overflow-hidden rounded-lg border-2 bg-white text-center text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
              value === item.id ? 'border-brand-600' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              name={name}
              value={item.id}
              checked={value === item.id}
              onChange={() => onChange(item)}
              className="sr-only"
            />
            <img src={item.imageUrl} alt="" className="aspect-[3/4] w-full object-cover" loading="lazy" />
            <span className="block truncate px-1 py-1">{item.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function TryOnForm({ onSubmit, disabled, submitting, cost, freeRunsPerDay, serviceFiles }: ToolFormProps) {
  const [personSource, setPersonSource] = useState<Source>('upload');
  const [garmentSource, setGarmentSource] = useState<Source>('upload');
  const [person, setPerson] = useState<Upload | null>(null);
  const [garment, setGarment] = useState<Upload | null>(null);
  const [modelId, setModelId] = useState<string | null>(null);
  const [garmentId, setGarmentId] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<{ person?: string; garment?: string }>({});
  const models = useTryOnCatalogue('models', personSource === 'catalogue');
  const garments = useTryOnCatalogue('garments', garmentSource === 'catalogue');
  const { register, control, handleSubmit, setValue, formState } = useForm<Values, unknown, z.output<typeof virtualTryOnParamsSchema>>({
    resolver: zodResolver(virtualTryOnParamsSchema),
    defaultValues: { category: 'top', consentToLikeness: false as unknown as true },
  });
  const errors = formState.errors;

  function checkFiles(): boolean {
    const nextErrors = {
      person: personSource === 'upload' ? (person ? undefined : 'Upload a photo of the person') : modelId ? undefined : 'Choose a model',
      garment:
        garmentSource === 'upload' ? (garment ? undefined : 'Upload a photo of the garment') : garmentId ? undefined : 'Choose a garment',
    };
    setFileErrors(nextErrors);
    return !nextErrors.person && !nextErrors.garment;
  }

  const submit = handleSubmit((values) => {
    if (!checkFiles()) return;
    onSubmit({
      params: {
        ...values,
        ...(personSource === 'catalogue' && modelId ? { modelId } : {}),
        ...(garmentSource === 'catalogue' && garmentId ? { garmentId } : {}),
      },
      files: uploadIds({ person: personSource === 'upload' ? person : null, garment: garmentSource === 'upload' ? garment : null }),
    });
  }, checkFiles);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <TryOnPhotoGuide />
      <div className="space-y-2">
        <ChoiceGroup
          legend="Person"
          name="person-source"
          value={personSource}
          onChange={setPersonSource}
          options={[
            { value: 'upload', label: 'Upload a photo' },
            { value: 'catalogue', label: 'Choose a model' },
          ]}
        />
        {personSource === 'upload' ? (
          <FileUploadField
            label="Person photo"
            value={person}
            onChange={setPerson}
            error={fileErrors.person}
            maxBytes={maxBytesFor(serviceFiles, 'person')}
          />
        ) : (
          <>
            <CataloguePicker
              legend="Models"
              name="model"
              items={models.data}
              value={modelId}
              isLoading={models.isPending}
              onChange={(item) => setModelId(item.id)}
            />
            <FieldError message={fileErrors.person} />
          </>
        )}
      </div>
      <div className="space-y-2">
        <ChoiceGroup
          legend="Garment"
          name="garment-source"
          value={garmentSource}
          onChange={setGarmentSource}
          options={[
            { value: 'upload', label: 'Upload a photo' },
            { value: 'catalogue', label: 'Choose from the catalogue' },
          ]}
        />
        {garmentSource === 'upload' ? (
          <FileUploadField
            label="Garment photo"
            value={garment}
            onChange={setGarment}
            error={fileErrors.garment}
            maxBytes={maxBytesFor(serviceFiles, 'garment')}
          />
        ) : (
          <>
            <CataloguePicker
              legend="Garments"
              name="garment"
              items={garments.data}
              value={garmentId}
              isLoading={garments.isPending}
              onChange={(item) => {
                setGarmentId(item.id);
                if ((garmentCategories as readonly string[]).includes(item.category))
                  setValue('category', item.category as GarmentCategory);
              }}
            />
            <FieldError message={fileErrors.garment} />
          </>
        )}
      </div>
      <SelectField label="Garment category" error={errors.category?.message} {...register('category')}>
        {garmentCategories.map((category) => (
          <option key={category} value={category}>
            {garmentCategoryNames[category]}
          </option>
        ))}
      </SelectField>
      <Controller
        control={control}
        name="consentToLikeness"
        render={({ field }) => (
          <div className="space-y-1">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
                required
                aria-invalid={Boolean(errors.consentToLikeness)}
                className="mt-0.5 h-4 w-4 accent-brand-600"
              />
              <span>I have the right to use this person’s likeness (required)</span>
            </label>
            <FieldError message={errors.consentToLikeness ? likenessConsentMessage : undefined} />
          </div>
        )}
      />
      <SubmitBar disabled={disabled} submitting={submitting} cost={cost} freeRunsPerDay={freeRunsPerDay} label="Try it on" />
    </form>
  );
}
