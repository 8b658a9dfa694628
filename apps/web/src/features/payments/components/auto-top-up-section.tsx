import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import type { AutoTopUpSettings } from '@lumen/core/payments/auto-top-up';
import { AUTO_TOP_UP_MONTHLY_LIMIT_MAX, AUTO_TOP_UP_THRESHOLD_MAX, autoTopUpMessages } from '@lumen/core/payments/auto-top-up';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { useCreditPackagesQuery } from '@/features/credits/api/credit-packages.ts';
import { useAutoTopUpQuery, useSaveAutoTopUpMutation } from '../api/auto-top-up.ts';
import { useRemoveMethodMutation } from '../api/payment-methods.ts';
import { openUpgradeModal } from '../api/upgrade-modal-events.ts';
import { AutoTopUpHistory } from './auto-top-up-history.tsx';

type Draft = { enabled: boolean; threshold: string; packageId: string; monthlyLimit: string; lowBalanceEmail: boolean };
type Errors = Partial<Record<'threshold' | 'packageId' | 'monthlyLimit' | 'form', string>>;

const draftOf = (settings: AutoTopUpSettings): Draft => ({
  enabled: settings.enabled,
  threshold: String(settings.threshold),
  packageId: settings.packageId ?? '',
  monthlyLimit: String(settings.monthlyLimit),
  lowBalanceEmail: settings.lowBalanceEmail,
});

const wholeIn = (text: string, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max;

/** The same rules as the server's, checked before sending (the server's answer is shown the same way). */
function check(draft: Draft): Errors {
  const errors: Errors = {};
  if (!wholeIn(draft.threshold, AUTO_TOP_UP_THRESHOLD_MAX)) errors.threshold = autoTopUpMessages.threshold;
  if (!wholeIn(draft.monthlyLimit, AUTO_TOP_UP_MONTHLY_LIMIT_MAX)) errors.monthlyLimit = autoTopUpMessages.monthlyLimit;
  if (draft.enabled && !draft.packageId) errors.packageId = autoTopUpMessages.noPackage;
  return errors;
}

const cardName = (card: { brand: string; last4: string }) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`;

/** Billing page: automatic top-up with the saved card, and the low-balance e-mail (issue 38 point 7). */
export function AutoTopUpSection() {
  const settings = useAutoTopUpQuery();
  const packages = useCreditPackagesQuery();
  const save = useSaveAutoTopUpMutation();
  const removeCard = useRemoveMethodMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data));
  }, [settings.data]);

  const change = (patch: Partial<Draft>) => setDraft((current) => (current ? { ...current, ...patch } : current));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        enabled: draft.enabled,
        threshold: Number(draft.threshold),
        packageId: draft.packageId || null,
        monthlyLimit: Number(draft.monthlyLimit),
        lowBalanceEmail: draft.lowBalanceEmail,
      },
      {
        onSuccess: (saved) => toast.success(saved.enabled ? 'Automatic top-up is on' : 'Settings saved'),
        onError: (error) => {
          const fields: Errors = {};
          if (isApiError(error)) for (const detail of error.details ?? []) fields[detail.field as keyof Errors] = detail.message;
          setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(error, 'Failed to save automatic top-up') });
        },
      },
    );
  }

  const data = settings.data;
  return (
    <section aria-labelledby="auto-top-up-heading" className="mt-10">
      <h2 id="auto-top-up-heading" className="text-lg font-semibold text-slate-900">
        Automatic top-up
      </h2>
      <p className="text-sm text-slate-600">
        Never run dry: when a job leaves fewer credits than your threshold, your chosen package is bought with your saved card, at most the
        number of times a month you allow. You get an e-mail each time.
      </p>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        {settings.isPending || !draft ? (
          settings.isError ? (
            <ErrorState message="Failed to load automatic top-up" onRetry={() => void settings.refetch()} />
          ) : (
            <Spinner label="Loading automatic top-up…" />
          )
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            {data?.disabledReason && (
              <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
                {data.disabledReason === autoTopUpMessages.cardRemoved
                  ? 'Automatic top-up was turned off because its saved card was removed. Buy credits once by card to save one, then turn it on again.'
                  : `Automatic top-up was turned off because a payment failed: ${data.disabledReason} Check your card, then turn it on again.`}
              </p>
            )}
            {data?.card ? (
              <p className="flex flex-wrap items-center gap-3 text-sm">
                <CreditCard className="h-5 w-5 text-slate-500" aria-hidden="true" />
                <span>
                  Pays with <span className="font-medium text-slate-900">{cardName(data.card)}</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setRemoving(true)}
                  aria-label={`Remove ${cardName(data.card)}`}
                >
                  Remove card
                </Button>
              </p>
            ) : (
              <div className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
                <p>No saved card yet. Buy credits once by card: the card you pay with is saved, and automatic top-up can use it.</p>
                <Button type="button" size="sm" variant="outline" className="mt-2" onClick={openUpgradeModal}>
                  Buy credits
                </Button>
              </div>
            )}
            <div className="flex items-center justify-between gap-4">
              <span className="text-sm font-medium text-slate-900">Top up automatically</span>
              <Switch
                checked={draft.enabled}
                onCheckedChange={(enabled) => change({ enabled })}
                disabled={!data?.card && !draft.enabled}
                aria-label="Top up automatically"
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label="When the balance falls below (credits)"
                inputMode="numeric"
                value={draft.threshold}
                onChange={(event) => change({ threshold: event.target.value })}
                error={errors.threshold}
              />
              <SelectField
                label="Buy this package"
                error={errors.packageId}
                value={draft.packageId}
                onChange={(event) => change({ packageId: event.target.value })}
              >
                <option value="">Choose a package</option>
                {(packages.data ?? []).map((pack) => (
                  <option key={pack.id} value={pack.id}>
                    {pack.name}: {pack.creditsAmount} credits for ${pack.price.toFixed(2)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="At most, times a month"
                inputMode="numeric"
                value={draft.monthlyLimit}
                onChange={(event) => change({ monthlyLimit: event.target.value })}
                error={errors.monthlyLimit}
                hint={data ? `${data.usedThisMonth} used this month` : undefined}
              />
            </div>
            <div className="flex items-center justify-between gap-4 border-t border-slate-100 pt-4">
              <span className="text-sm text-slate-900">E-mail me when my balance falls to 2 credits or less</span>
              <Switch
                checked={draft.lowBalanceEmail}
                onCheckedChange={(lowBalanceEmail) => change({ lowBalanceEmail })}
                aria-label="E-mail me when my balance is low"
              />
            </div>
            {errors.form && (
              <p role="alert" className="text-sm text-red-600">
                {errors.form}
              </p>
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
            {data && <AutoTopUpHistory items={data.history} />}
          </form>
        )}
      </div>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove this card?"
        description="Automatic top-up pays with this card: removing your last saved card turns it off."
        confirmLabel="Remove card"
        danger
        isPending={removeCard.isPending}
        onConfirm={() =>
          data?.card &&
          removeCard.mutate(data.card.id, {
            onSuccess: () => {
              toast.success('Payment method removed');
              setRemoving(false);
              void settings.refetch();
            },
            onError: (error) => toast.error(errorMessage(error, 'Failed to remove the payment method')),
          })
        }
      />
    </section>
  );
}
