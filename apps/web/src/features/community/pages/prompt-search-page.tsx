import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function PromptSearchPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Resources" title="Prompt search" description="Find prompts that work, from images the community has shared." />
      <ComingSoonNotice>Prompt search opens together with the community gallery in a later release.</ComingSoonNotice>
    </PageContainer>
  );
}
