import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { dollarPriceSchema, packageCreditsSchema } from '@lumen/core/admin/schemas';
import { planIntervals } from '@lumen/core/credits/schemas';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { Dialog } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { useCreateSubscriptionPlan, useUpdateSubscriptionPlan } from '../api/admin-subscription-plans.ts';
import { CatalogueFormFooter } from '@/components/admin/catalogue-form-footer.tsx';

// The server's createSubscriptionPlanBodySchema rules; features are typed one per line.
const planFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  price: dollarPriceSchema,
  interval: z.enum(planIntervals, "Interval must be 'month' or 'year'"),
  creditsPerPeriod: packageCreditsSchema('Credits per period'),
  features: z
    .string()
    .transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(120, 'A feature must be at most 120 characters')).max(20, 'At most 20 features')),
  isActive: z.boolean(),
});
type PlanFormInput = z.input<typeof planFormSchema>;
type PlanFormValues = z.output<typeof planFormSchema>;
const fields = ['name', 'description', 'price', 'interval', 'creditsPerPeriod', 'features', 'isActive'] as const;

export function SubscriptionPlanFormDialog({
  open,
  onOpenChange,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan?: SubscriptionPlan;
}) {
  const create = useCreateSubscriptionPlan();
  const update = useUpdateSubscriptionPlan();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlanFormInput, unknown, PlanFormValues>({ resolver: zodResolver(planFormSchema) });

  useEffect(() => {
    if (!open) return;
    reset(
      plan
        ? { ...plan, features: plan.features.join('\n') }
        : { name: '', description: '', interval: 'month', features: '', isActive: true },
    );
  }, [open, plan, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (plan) await update.mutateAsync({ id: plan.id, body: values });
      else await create.mutateAsync(values);
      toast.success(plan ? 'Subscription plan updated' : 'Subscription plan created');
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fields))
        toast.error(plan ? 'Failed to update the plan' : 'Failed to create the plan', {
          description: errorMessage(error, '') || undefined,
        });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? `Edit ${plan.name}` : 'New subscription plan'}
      description="Prices are in dollars per interval."
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <TextareaField label="Description" error={errors.description?.message} {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Price (USD)"
            error={errors.price?.message}
            type="number"
            step="0.01"
            min="0"
            {...register('price', { valueAsNumber: true })}
          />
          <SelectField label="Interval" error={errors.interval?.message} {...register('interval')}>
            <option value="month">Monthly</option>
            <option value="year">Yearly</option>
          </SelectField>
          <TextField
            label="Credits per period"
            error={errors.creditsPerPeriod?.message}
            type="number"
            step="1"
            min="1"
            {...register('creditsPerPeriod', { valueAsNumber: true })}
          />
        </div>
        <TextareaField label="Features" error={errors.features?.message} hint="One feature per line." rows={4} {...register('features')} />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('isActive')} /> Active (offered to users)
        </label>
        <CatalogueFormFooter
          isSubmitting={isSubmitting}
          isEditing={Boolean(plan)}
          createLabel="Create plan"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
