import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function DashboardComingSoonPage() {
  return (
    <>
      <PageHeader title="What's next" description="Features on their way to your dashboard." />
      <ComingSoonNotice>
        Credit packages and checkout, the six AI tools with a result library, API keys and the community gallery arrive over the
        next releases.
      </ComingSoonNotice>
    </>
  );
}
