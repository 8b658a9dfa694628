import { Link } from 'react-router';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function ComingSoonPage() {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Roadmap" title="Coming soon" description="We are building the next parts of Lumen Studio." />
      <ComingSoonNotice title="This part of the studio is on its way">
        Credit purchases, the AI tools, API keys, the blog and the community arrive over the next releases. In the meantime you can
        create your account and explore the <Link className="font-semibold text-brand-700 underline" to="/dashboard">dashboard</Link>.
      </ComingSoonNotice>
    </PageContainer>
  );
}
