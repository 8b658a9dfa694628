import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function CommunityResourcesPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Resources" title="Community" description="Creations shared by Lumen Studio users, with the prompts behind them." />
      <ComingSoonNotice>The public community gallery arrives in a later release.</ComingSoonNotice>
    </PageContainer>
  );
}
