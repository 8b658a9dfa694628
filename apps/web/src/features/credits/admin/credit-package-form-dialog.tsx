import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { dollarPriceSchema, packageCreditsSchema } from '@lumen/core/admin/schemas';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { pricePerCredit } from '@lumen/core/credits/rules';
import { Dialog } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { useCreateCreditPackage, useUpdateCreditPackage } from '../api/admin-credit-packages.ts';
import { CatalogueFormFooter } from '@/components/admin/catalogue-form-footer.tsx';

// The server's createCreditPackageBodySchema rules (an empty number field says it is required).
const packageFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  price: dollarPriceSchema,
  creditsAmount: packageCreditsSchema('Credits'),
  isActive: z.boolean(),
});
type PackageFormValues = z.infer<typeof packageFormSchema>;
const fields = ['name', 'price', 'creditsAmount', 'isActive'] as const;

/** Create a credit package, or edit one (name, price, credits, active). */
export function CreditPackageFormDialog({
  open,
  onOpenChange,
  pkg,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pkg?: CreditPackage;
}) {
  const create = useCreateCreditPackage();
  const update = useUpdateCreditPackage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PackageFormValues>({ resolver: zodResolver(packageFormSchema) });

  useEffect(() => {
    if (open)
      reset(
        pkg ? { name: pkg.name, price: pkg.price, creditsAmount: pkg.creditsAmount, isActive: pkg.isActive } : { name: '', isActive: true },
      );
  }, [open, pkg, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (pkg) await update.mutateAsync({ id: pkg.id, body: values });
      else await create.mutateAsync(values);
      toast.success(pkg ? 'Credit package updated' : 'Credit package created');
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fields))
        toast.error(pkg ? 'Failed to update the package' : 'Failed to create the package', {
          description: errorMessage(error, '') || undefined,
        });
    }
  });

  const price = watch('price');
  const credits = watch('creditsAmount');
  const perCredit =
    Number.isFinite(price) && Number.isFinite(credits) && credits > 0 ? `$${pricePerCredit(price, credits)} per credit` : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={pkg ? `Edit ${pkg.name}` : 'New credit package'}
      description="Prices are one-time, in dollars."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Price (USD)"
            error={errors.price?.message}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            {...register('price', { valueAsNumber: true })}
          />
          <TextField
            label="Credits"
            error={errors.creditsAmount?.message}
            hint={errors.creditsAmount ? undefined : perCredit}
            type="number"
            step="1"
            min="1"
            inputMode="numeric"
            {...register('creditsAmount', { valueAsNumber: true })}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('isActive')} /> Active (shown on the pricing page)
        </label>
        <CatalogueFormFooter
          isSubmitting={isSubmitting}
          isEditing={Boolean(pkg)}
          createLabel="Create package"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
