import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useJobQuery } from '@/features/jobs/api/jobs.ts';
import { useMyPostsQuery } from '../api/community-posts.ts';
import { GallerySection } from '../components/gallery-section.tsx';
import { PostGrid } from '../components/post-card.tsx';
import { PublishDialog } from '../components/publish-dialog.tsx';
import { ShareResultsSection } from '../components/share-results-section.tsx';

/** ?publish={jobId} (from the result library) opens the publish dialog for that result. */
function PublishFromLink() {
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = searchParams.get('publish');
  const job = useJobQuery(jobId);
  const close = () =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.delete('publish');
      return next;
    });
  if (!jobId || !job.data || job.data.id !== jobId) return null;
  if (job.data.status !== 'succeeded') return null;
  return <PublishDialog job={job.data} open onOpenChange={(open) => !open && close()} />;
}

function MyPostsSection() {
  const [page, setPage] = useState(1);
  const mine = useMyPostsQuery(page);
  const data = mine.data;
  return (
    <section aria-labelledby="mine-heading" className="mb-10">
      <h2 id="mine-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Your posts
      </h2>
      {mine.isPending ? (
        <Spinner label="Loading your posts…" />
      ) : mine.isError ? (
        <ErrorState message={errorMessage(mine.error, 'Failed to load your posts')} onRetry={() => void mine.refetch()} />
      ) : !data?.items.length ? (
        <EmptyState title="You have not shared anything yet">
          Publish a finished result above and it appears here and in the public gallery.
        </EmptyState>
      ) : (
        <>
          <PostGrid posts={data.items} />
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            label="Your post pages"
            disabled={mine.isFetching}
          />
        </>
      )}
    </section>
  );
}

export function CommunityPage() {
  return (
    <>
      <PageHeader title="Community" description="Share your creations and discover what others make with Lumen Studio." />
      <div className="mb-6">
        <Link to="/prompt-search" className={buttonClasses('outline', 'sm')}>
          <Search className="h-4 w-4" aria-hidden="true" /> Search prompts
        </Link>
      </div>
      <PublishFromLink />
      <ShareResultsSection />
      <MyPostsSection />
      <section aria-labelledby="everyone-heading">
        <h2 id="everyone-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Everyone’s creations
        </h2>
        <GallerySection idPrefix="community" />
      </section>
    </>
  );
}
