import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { imageContentTypes, uploadLimits } from '@lumen/core/jobs/schemas';
import type { TryOnCatalogueItem } from '@lumen/core/jobs/schemas';
import { garmentCategories, garmentCategoryNames } from '@lumen/core/services/virtual-try-on-params';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import type { TryOnCatalogueKind } from '@/query-keys/ai-admin-keys.ts';
import { useCreateTryOnItem, useUpdateTryOnItem } from '../api/admin-try-on-catalogue.ts';

const MAX_MB = uploadLimits.imageMaxBytes / 1024 / 1024;

// The server's createTryOnItemFieldsSchema, plus the image file checked before it is sent.
const nameSchema = z.string().trim().min(1, 'Give it a name').max(100, 'Keep the name under 100 characters');
const categorySchema = z.enum(garmentCategories, 'Choose a category');
const imageSchema = z
  .custom<File>((value) => typeof File !== 'undefined' && value instanceof File, 'Choose an image')
  .refine((file) => (imageContentTypes as readonly string[]).includes(file.type), 'Use a PNG, JPEG or WebP image')
  .refine((file) => file.size <= uploadLimits.imageMaxBytes, `The image must be at most ${MAX_MB} MB`)
  .refine((file) => file.size > 0, 'The image is empty');

const createSchema = z.object({ name: nameSchema, category: categorySchema, image: imageSchema });
const editSchema = z.object({ name: nameSchema, category: categorySchema });
type CreateValues = z.infer<typeof createSchema>;
type FormValues = { name: string; category: CreateValues['category']; image?: File };

export const catalogueNouns: Record<TryOnCatalogueKind, { one: string; title: string }> = {
  models: { one: 'model', title: 'Virtual try-on models' },
  garments: { one: 'garment', title: 'Virtual try-on clothing' },
};

/** Upload a new model or garment (image + name + category), or edit one's name and category. */
export function TryOnItemDialog({
  kind,
  open,
  onOpenChange,
  item,
}: {
  kind: TryOnCatalogueKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: TryOnCatalogueItem;
}) {
  const noun = catalogueNouns[kind].one;
  const create = useCreateTryOnItem();
  const update = useUpdateTryOnItem();
  const [preview, setPreview] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(item ? editSchema : createSchema) as unknown as Resolver<FormValues> });

  useEffect(() => {
    if (open)
      reset(
        item
          ? {
              name: item.name,
              category: (garmentCategories as readonly string[]).includes(item.category)
                ? (item.category as FormValues['category'])
                : 'top',
            }
          : { name: '', category: 'top' },
      );
    if (open) setPreview(null);
  }, [open, item, reset]);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (item) await update.mutateAsync({ kind, id: item.id, body: { name: values.name, category: values.category } });
      else await create.mutateAsync({ kind, image: values.image!, name: values.name, category: values.category });
      toast.success(item ? `The ${noun} was updated` : `The ${noun} was added`);
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['name', 'category', 'image'])) {
        setError('root', { type: 'server', message: errorMessage(error, `Could not save the ${noun}`) });
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? `Edit ${item.name}` : `Add a ${noun}`}
      description={item ? undefined : `PNG, JPEG or WebP, at most ${MAX_MB} MB; a plain background works best.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {item ? (
          <img src={item.imageUrl} alt={item.name} className="h-40 w-full rounded-lg border border-slate-200 object-contain" />
        ) : (
          <FormField label="Image" error={errors.image?.message}>
            {(field) => (
              <Controller
                control={control}
                name="image"
                render={({ field: { onChange, onBlur, name, ref } }) => (
                  <input
                    id={field.id}
                    ref={ref}
                    name={name}
                    type="file"
                    accept={imageContentTypes.join(',')}
                    aria-invalid={field.invalid || undefined}
                    aria-describedby={field.describedBy}
                    onBlur={onBlur}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      onChange(file);
                      setPreview(file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null);
                    }}
                    className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
                  />
                )}
              />
            )}
          </FormField>
        )}
        {preview && <img src={preview} alt="The chosen image" className="h-40 w-full rounded-lg border border-slate-200 object-contain" />}
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <SelectField label="Category" error={errors.category?.message} {...register('category')}>
          {garmentCategories.map((category) => (
            <option key={category} value={category}>
              {garmentCategoryNames[category]}
            </option>
          ))}
        </SelectField>
        {errors.root && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {errors.root.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : item ? 'Save changes' : `Add ${noun}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
