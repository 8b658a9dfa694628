import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function ResultLibraryPage() {
  return (
    <>
      <PageHeader title="Result library" description="Every image, video, sound and report you create, in one place." />
      <ComingSoonNotice>Your results appear here once the tools arrive in a later release.</ComingSoonNotice>
    </>
  );
}
