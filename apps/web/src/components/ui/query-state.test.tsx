import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryState } from './query-state.tsx';

type Items = { items: string[] };
const base = { data: undefined as Items | undefined, isPending: false, isError: false, refetch: vi.fn() };
const view = (query: typeof base) => (
  <QueryState
    query={query}
    loadingLabel="Loading notes…"
    errorMessage="Failed to load notes"
    isEmpty={(data) => data.items.length === 0}
    emptyTitle="No notes yet"
    emptyText="Write one."
  >
    {(data) => <p>{data.items.join(', ')}</p>}
  </QueryState>
);

describe('QueryState', () => {
  it('shows a spinner while loading', () => {
    render(view({ ...base, isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading notes…');
  });

  it('shows the error with a retry that refetches', async () => {
    const refetch = vi.fn();
    render(view({ ...base, isError: true, refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load notes');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty title and text, then the content once there is some', () => {
    const { rerender } = render(view({ ...base, data: { items: [] } }));
    expect(screen.getByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByText('Write one.')).toBeInTheDocument();
    rerender(view({ ...base, data: { items: ['a', 'b'] } }));
    expect(screen.getByText('a, b')).toBeInTheDocument();
    expect(screen.queryByText('No notes yet')).not.toBeInTheDocument();
  });
});
