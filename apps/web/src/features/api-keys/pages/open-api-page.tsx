import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function OpenApiPage() {
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Resources"
        title="Open API"
        description="Call Lumen Studio's services over HTTP with an API key: the same credits, the same results, from your own code."
      />
      <ComingSoonNotice>The interactive API reference is published together with API keys in the next release.</ComingSoonNotice>
    </PageContainer>
  );
}
