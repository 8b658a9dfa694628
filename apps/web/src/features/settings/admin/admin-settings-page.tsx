import { useEffect } from 'react';
import type { InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { platformSettingsSchema } from '@lumen/core/settings/platform-settings';
import type { PlatformSettings, PlatformSettingsInput } from '@lumen/core/settings/platform-settings';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useAdminSettingsQuery, useSaveAdminSettings } from '../api/admin-settings.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import { MailOutboxSection } from './mail-outbox-section.tsx';
import { ProviderBudgetsField } from './provider-budgets-field.tsx';
import { ProviderOrderField } from './provider-order-field.tsx';

const serverFields: Path<PlatformSettingsInput>[] = [
  'maintenanceBanner.message',
  'freePlanCredits',
  'cryptoThreshold',
  'defaultApiKeyRateLimit',
  'dailyProviderSpendCapUsd',
  'supportUrl',
  'communityUrl',
  'supportEmail',
  'seller.name',
  'seller.address',
  'seller.email',
  'seller.taxId',
];

function Checkbox({ label, hint, ...props }: { label: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-300" {...props} />
      <span>
        <span className="font-medium text-slate-900">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );
}

/** /admin/settings: the platform settings the app reads (sign-ups, banner, credits, limits, hosted AI budget, links, seller), and the mail outbox. */
export function AdminSettingsPage() {
  const { data, isPending, isError, refetch } = useAdminSettingsQuery();
  const save = useSaveAdminSettings();
  const queryClient = useQueryClient();
  const form = useForm<PlatformSettingsInput, unknown, PlatformSettings>({ resolver: zodResolver(platformSettingsSchema) });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty },
  } = form;

  useEffect(() => {
    if (data) reset(data.settings);
  }, [data, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved.settings);
        // The providers page shows the budget: it must not show the old one from its cache.
        void queryClient.invalidateQueries({ queryKey: adminKeys.providerHealth() });
        toast.success('Settings saved');
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, serverFields)) return;
        toast.error('Failed to save the settings', { description: errorMessage(error, 'Please try again.') });
      },
    }),
  );

  const number = { valueAsNumber: true } as const;
  // An empty budget input means "no budget" (null), never 0: 0 would pause every hosted provider.
  const optionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) } as const;
  return (
    <>
      <PageHeader eyebrow="Admin" title="Settings" description="Platform settings stored in the database and read by the app at once." />
      {isPending ? (
        <Spinner label="Loading the settings…" />
      ) : isError ? (
        <ErrorState message="Failed to load the settings" onRetry={() => void refetch()} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Platform settings" className="space-y-4">
          <Card>
            <CardTitle>Access</CardTitle>
            <div className="mt-3 space-y-4">
              <Checkbox
                label="Sign-ups open"
                hint="When off, new accounts (e-mail and Google) are refused; existing people still sign in."
                {...register('signupsOpen')}
              />
              <Checkbox
                label="Show the maintenance banner"
                hint="Shown at the top of every page."
                {...register('maintenanceBanner.enabled')}
              />
              <TextareaField
                label="Banner message"
                error={errors.maintenanceBanner?.message?.message}
                maxLength={300}
                {...register('maintenanceBanner.message')}
              />
            </div>
          </Card>
          <Card>
            <CardTitle>Credits and limits</CardTitle>
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <TextField
                label="Free plan credits"
                hint="The sign-up bonus of a new account."
                type="number"
                step="1"
                error={errors.freePlanCredits?.message}
                {...register('freePlanCredits', number)}
              />
              <TextField
                label="Crypto threshold ($)"
                hint="Crypto is offered above this amount."
                type="number"
                step="0.01"
                error={errors.cryptoThreshold?.message}
                {...register('cryptoThreshold', number)}
              />
              <TextField
                label="Default API key rate limit"
                hint="Requests per minute of a new key."
                type="number"
                step="1"
                error={errors.defaultApiKeyRateLimit?.message}
                {...register('defaultApiKeyRateLimit', number)}
              />
            </div>
          </Card>
          <Card>
            <CardTitle>Hosted AI providers</CardTitle>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <TextField
                label="Daily budget for hosted AI (USD)"
                hint="Once the day's provider costs reach it, tools on hosted providers refuse new jobs until 00:00 UTC, before charging anyone. Leave empty for no budget."
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                error={errors.dailyProviderSpendCapUsd?.message}
                {...register('dailyProviderSpendCapUsd', optionalNumber)}
              />
            </div>
            <div className="mt-4 space-y-2">
              <h3 className="text-sm font-semibold text-slate-900">Each provider&apos;s own daily budget</h3>
              <p className="text-xs text-slate-500">
                Within the day&apos;s budget. A job whose expected cost a provider&apos;s budget cannot hold goes to the next provider, or
                is refused and refunded when none is left. Admins get an e-mail at 80 % and at 100 % of each budget. Leave empty for none.
              </p>
              <ProviderBudgetsField
                value={watch('providerDailyBudgetsUsd') ?? {}}
                errors={Object.fromEntries(
                  Object.entries(errors.providerDailyBudgetsUsd ?? {}).map(([provider, error]) => [
                    provider,
                    (error as { message?: string })?.message,
                  ]),
                )}
                onChange={(next) => setValue('providerDailyBudgetsUsd', next, { shouldDirty: true, shouldValidate: true })}
              />
            </div>
            <div className="mt-4 space-y-2">
              <h3 className="text-sm font-semibold text-slate-900">Order of providers</h3>
              <p className="text-xs text-slate-500">Jobs go to the first provider; when it fails or is down, the next takes over.</p>
              <ProviderOrderField
                value={watch('providerOrder') ?? {}}
                onChange={(next) => setValue('providerOrder', next, { shouldDirty: true })}
              />
            </div>
          </Card>
          <Card>
            <CardTitle>Support</CardTitle>
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <TextField
                label="Support chat link"
                type="url"
                placeholder="https://"
                error={errors.supportUrl?.message}
                {...register('supportUrl')}
              />
              <TextField
                label="Community link"
                type="url"
                placeholder="https://"
                error={errors.communityUrl?.message}
                {...register('communityUrl')}
              />
              <TextField label="Support address" type="email" error={errors.supportEmail?.message} {...register('supportEmail')} />
            </div>
          </Card>
          <Card>
            <CardTitle>Seller details</CardTitle>
            <CardDescription>Printed on receipts.</CardDescription>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <TextField label="Seller name" error={errors.seller?.name?.message} {...register('seller.name')} />
              <TextField label="Seller e-mail" type="email" error={errors.seller?.email?.message} {...register('seller.email')} />
              <TextareaField label="Seller address" error={errors.seller?.address?.message} {...register('seller.address')} />
              <TextField label="Tax id" error={errors.seller?.taxId?.message} {...register('seller.taxId')} />
            </div>
          </Card>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-slate-500">
              {data.updatedAt
                ? `Last saved ${formatDateTime(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}`
                : 'Never saved: these are the defaults.'}
            </p>
            <Button type="submit" disabled={save.isPending || !isDirty}>
              {save.isPending ? 'Saving…' : 'Save settings'}
            </Button>
          </div>
        </form>
      )}
      <div className="mt-10">
        <MailOutboxSection />
      </div>
    </>
  );
}
