import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function CommunityPage() {
  return (
    <>
      <PageHeader title="Community" description="Share your creations and discover what others make with Lumen Studio." />
      <ComingSoonNotice>The community gallery, with sharing and prompts, arrives in a later release.</ComingSoonNotice>
    </>
  );
}
