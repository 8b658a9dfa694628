import { useState } from 'react';
import type { GallerySort } from '@lumen/core/community/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useGalleryQuery } from '../api/community-posts.ts';
import { PostGrid } from './post-card.tsx';
import { ToolFilter } from './tool-filter.tsx';

export const GALLERY_PAGE_SIZE = 12;
export const FEATURED_ONLY_NOTE =
  'Featured: results the Lumen Studio team made with the tools. They make way as soon as people share their own — yours could be first.';

/** Everyone's published posts with a tool filter, newest or most liked first, paged. */
export function GallerySection({ idPrefix }: { idPrefix: string }) {
  const [tool, setTool] = useState<ServiceKey | ''>('');
  const [sort, setSort] = useState<GallerySort>('newest');
  const [page, setPage] = useState(1);
  const gallery = useGalleryQuery({ tool, sort, page, limit: GALLERY_PAGE_SIZE });
  const data = gallery.data;
  return (
    <>
      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <ToolFilter
          id={`${idPrefix}-tool`}
          value={tool}
          onChange={(value) => {
            setTool(value as ServiceKey | '');
            setPage(1);
          }}
        />
        <div className="space-y-1.5">
          <Label htmlFor={`${idPrefix}-sort`}>Sort by</Label>
          <Select
            id={`${idPrefix}-sort`}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as GallerySort);
              setPage(1);
            }}
          >
            <option value="newest">Newest</option>
            <option value="likes">Most liked</option>
          </Select>
        </div>
      </div>
      {gallery.isPending ? (
        <Spinner label="Loading the gallery…" />
      ) : gallery.isError ? (
        <ErrorState message={errorMessage(gallery.error, 'Failed to load the gallery')} onRetry={() => void gallery.refetch()} />
      ) : !data?.items.length ? (
        <EmptyState title={tool ? 'Nothing shared with this tool yet' : 'Nothing shared yet'}>
          Finished results people share appear here.
        </EmptyState>
      ) : (
        <>
          {data.items.every((post) => post.featured) && (
            <p className="mb-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">{FEATURED_ONLY_NOTE}</p>
          )}
          <PostGrid posts={data.items} />
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            label="Gallery pages"
            disabled={gallery.isFetching}
          />
        </>
      )}
    </>
  );
}
