import { FREE_PLAN } from '@lumen/core/credits/rules';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function SubscriptionPage() {
  return (
    <>
      <PageHeader title="Subscription" description="Your plan and what it includes." />
      <Card className="mb-6">
        <CardTitle>Current plan: {FREE_PLAN.name}</CardTitle>
        <CardDescription>
          The free plan starts you with {FREE_PLAN.credits} credits. Results can be previewed; downloads are unlimited once you have
          bought credits.
        </CardDescription>
      </Card>
      <ComingSoonNotice>Plan management arrives together with credit packages in the next release.</ComingSoonNotice>
    </>
  );
}
