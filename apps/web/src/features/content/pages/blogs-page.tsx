import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function BlogsPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Company" title="Blog" description="News, guides and ideas from the Lumen Studio team." />
      <ComingSoonNotice>The blog opens in a later release, with articles and their reading times.</ComingSoonNotice>
    </PageContainer>
  );
}
