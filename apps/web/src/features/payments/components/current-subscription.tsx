import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatDollars } from '@/lib/format.ts';
import { ENDED_SUBSCRIPTION_STATUSES, useCancelSubscriptionMutation, useReactivateSubscriptionMutation } from '../api/subscription.ts';
import type { SubscriptionDto } from '../api/subscription.ts';

/** The user's subscription: plan, period, and cancel (at period end or now, after a confirm) or reactivate. */
export function CurrentSubscription({ subscription }: { subscription: SubscriptionDto }) {
  const cancel = useCancelSubscriptionMutation();
  const reactivate = useReactivateSubscriptionMutation();
  const [confirming, setConfirming] = useState(false);
  const [immediately, setImmediately] = useState(false);
  const ended = ENDED_SUBSCRIPTION_STATUSES.includes(subscription.status);
  const periodEnd = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  // A crypto-paid period is paid once: it ends by itself, so only "cancel now" means anything.
  const renews = subscription.renewsAutomatically;
  const cancelNow = immediately || !renews;

  function periodText(): string {
    if (!periodEnd || ended) return '';
    if (!renews) return ` Paid by crypto through ${periodEnd}; it does not renew, so pay for the next period when it ends.`;
    return subscription.cancelAtPeriodEnd ? ` Ends on ${periodEnd}; no further charges.` : ` Renews on ${periodEnd}.`;
  }

  return (
    <Card aria-label="Your subscription">
      <CardTitle>
        {subscription.plan.name}{' '}
        <Badge tone={ended ? 'neutral' : renews && subscription.cancelAtPeriodEnd ? 'warning' : 'success'}>
          {ended
            ? 'Canceled'
            : renews && subscription.cancelAtPeriodEnd
              ? 'Cancels at period end'
              : subscription.status[0]!.toUpperCase() + subscription.status.slice(1)}
        </Badge>
        {subscription.testMode && (
          <Badge tone="warning" className="ml-2">
            TEST MODE
          </Badge>
        )}
      </CardTitle>
      <CardDescription>
        {formatDollars(subscription.plan.price)} / {subscription.plan.interval}, {subscription.plan.creditsPerPeriod} credits each period.
        {periodText()}
        {ended && subscription.canceledAt && ` Canceled on ${formatDate(subscription.canceledAt)}.`}
      </CardDescription>
      {!ended && (
        <div className="mt-4 flex gap-2">
          {renews && subscription.cancelAtPeriodEnd ? (
            <Button
              disabled={reactivate.isPending}
              onClick={() =>
                reactivate.mutate(undefined, {
                  onSuccess: () => toast.success('Subscription reactivated'),
                  onError: (error) => toast.error(errorMessage(error, 'Failed to reactivate the subscription')),
                })
              }
            >
              Reactivate
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description="Credits you already have stay in your account."
        confirmLabel={cancelNow ? 'Cancel now' : 'Cancel at period end'}
        danger
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(cancelNow, {
            onSuccess: () => {
              toast.success(cancelNow ? 'Subscription canceled' : 'Your subscription will end at the end of the period');
              setConfirming(false);
            },
            onError: (error) => toast.error(errorMessage(error, 'Failed to cancel the subscription')),
          })
        }
      >
        {renews ? (
          <fieldset className="space-y-2 text-sm text-slate-800">
            <legend className="sr-only">When</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name="cancel-when" checked={!immediately} onChange={() => setImmediately(false)} />
              <span>At the end of the current period{periodEnd ? ` (${periodEnd})` : ''}: you keep the plan until then.</span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="cancel-when" checked={immediately} onChange={() => setImmediately(true)} />
              <span>Immediately: the plan stops now and is not renewed.</span>
            </label>
          </fieldset>
        ) : (
          <p className="text-sm text-slate-800">The plan stops now; the period already paid for is not refunded.</p>
        )}
      </ConfirmDialog>
    </Card>
  );
}
