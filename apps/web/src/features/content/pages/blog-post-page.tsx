import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  return (
    <PageContainer narrow>
      <Link to="/company/blogs" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All articles
      </Link>
      <PageHeader eyebrow="Blog" title="Article" description={<span className="break-all">/{slug}</span>} />
      <ComingSoonNotice>Articles are published when the blog opens in a later release.</ComingSoonNotice>
    </PageContainer>
  );
}
