import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { communityLimits } from '@lumen/core/community/limits';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSearchQuery } from '../api/community-posts.ts';
import { PostGrid } from '../components/post-card.tsx';
import { ToolFilter, toolFrom } from '../components/tool-filter.tsx';

export const SEARCH_PAGE_SIZE = 12;

export function PromptSearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').slice(0, communityLimits.queryMax);
  const tool = toolFrom(searchParams.get('tool'));
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const results = useSearchQuery({ q, tool, page, limit: SEARCH_PAGE_SIZE });

  function update(values: Record<string, string>) {
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(values)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  }

  const data = results.data;
  return (
    <PageContainer>
      <PageHeader eyebrow="Resources" title="Prompt search" description="Find prompts that work, from images the community has shared." />
      <form
        role="search"
        className="mb-6 grid gap-3 sm:grid-cols-[1fr_auto] lg:max-w-3xl lg:grid-cols-[1fr_14rem_auto] lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: draft.trim(), page: '' });
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor="prompt-search-q">Search prompts</Label>
          <Input
            id="prompt-search-q"
            type="search"
            value={draft}
            maxLength={communityLimits.queryMax}
            placeholder='e.g. misty forest, "neon city" -night'
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <ToolFilter id="prompt-search-tool" value={tool} onChange={(value) => update({ tool: value, page: '' })} />
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" /> Search
        </Button>
      </form>
      {!q ? (
        <EmptyState title="Search the community’s prompts">
          Type a few words: results are ranked by how well they match. Use quotes for a phrase and -word to leave one out.
        </EmptyState>
      ) : results.isPending ? (
        <Spinner label="Searching…" />
      ) : results.isError ? (
        <ErrorState message={errorMessage(results.error, 'Search failed')} onRetry={() => void results.refetch()} />
      ) : !data?.items.length ? (
        <EmptyState title={`No prompts match “${q}”`}>Try other words{tool ? ' or all tools' : ''}.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {data.total} result{data.total === 1 ? '' : 's'} for “{q}”
          </p>
          <PostGrid posts={data.items} />
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            onPageChange={(next) => update({ page: String(next) })}
            label="Search result pages"
            disabled={results.isFetching}
          />
        </>
      )}
    </PageContainer>
  );
}
