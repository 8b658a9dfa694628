import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { GallerySection } from '../components/gallery-section.tsx';

export function CommunityResourcesPage() {
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Resources"
        title="Community"
        description="Creations shared by Lumen Studio users, with the prompts behind them."
      />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <Link to="/prompt-search" className={buttonClasses('secondary', 'md')}>
          <Search className="h-4 w-4" aria-hidden="true" /> Search prompts
        </Link>
        <p className="text-sm text-slate-600">
          Sign in to like posts, share your own results from your dashboard, or reuse a prompt in its tool.
        </p>
      </div>
      <GallerySection idPrefix="gallery" />
    </PageContainer>
  );
}
