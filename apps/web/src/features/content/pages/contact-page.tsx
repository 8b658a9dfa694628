import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function ContactPage() {
  return (
    <PageContainer narrow>
      <PageHeader
        eyebrow="Company"
        title="Contact us"
        description="Questions about credits, a refund, a partnership, or the API? Tell us — and sharing Lumen Studio or getting in touch can earn you FREE CREDITS."
      />
      <ComingSoonNotice>The contact form arrives in the next release.</ComingSoonNotice>
    </PageContainer>
  );
}
