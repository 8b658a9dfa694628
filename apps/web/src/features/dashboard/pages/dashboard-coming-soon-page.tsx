import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RoadmapList } from '@/components/roadmap-list.tsx';

/** /dashboard/coming-soon: the roadmap from inside the dashboard. */
export function DashboardComingSoonPage() {
  return (
    <>
      <PageHeader title="What's next" description="Features on their way to your dashboard." />
      <RoadmapList />
      <p className="mt-6 text-sm text-slate-600">
        Missing something?{' '}
        <Link to="/dashboard/support" className="font-semibold text-brand-700 underline">
          Tell us what you need
        </Link>
        .
      </p>
    </>
  );
}
