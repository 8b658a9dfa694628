import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RoadmapList } from '@/components/roadmap-list.tsx';

/** /coming-soon: what we are building next, and where to hear about it first. */
export function ComingSoonPage() {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Roadmap" title="Coming soon" description="The six tools are live. Here is what we are building next." />
      <RoadmapList />
      <p className="mt-8 text-slate-700">
        Want it sooner, or something else entirely?{' '}
        <Link to="/contact" className="font-semibold text-brand-700 underline">
          Tell us
        </Link>{' '}
        — the roadmap follows what people ask for. Subscribe to the newsletter at the bottom of this page to hear when each one ships.
      </p>
      <Button asChild className="mt-6">
        <Link to="/company/pricing">Start with the tools available today</Link>
      </Button>
    </PageContainer>
  );
}
