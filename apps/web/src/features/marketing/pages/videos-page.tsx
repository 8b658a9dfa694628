import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function VideosPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Resources" title="Video tutorials" description="Short walkthroughs of every Lumen Studio tool." />
      <ComingSoonNotice>Video tutorials arrive together with the tools they explain, in a later release.</ComingSoonNotice>
    </PageContainer>
  );
}
