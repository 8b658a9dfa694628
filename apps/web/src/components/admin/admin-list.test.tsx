import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { oneOf, someText, useListFilters } from '@/lib/use-list-filters.ts';
import { AdminFilters, filterOptions } from './admin-filters.tsx';
import { AdminList, countOf } from './admin-list.tsx';

type Row = { id: string; name: string };
const page = (items: Row[], extra: Partial<{ page: number; totalPages: number; total: number }> = {}) => ({
  items,
  page: 1,
  totalPages: 2,
  total: items.length,
  ...extra,
});
const query = <D,>(data: D | undefined, state: Partial<{ isPending: boolean; isError: boolean; isFetching: boolean }> = {}) => ({
  data,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: vi.fn(),
  ...state,
});

function List({
  q,
  onPageChange = vi.fn(),
  title,
}: {
  q: ReturnType<typeof query>;
  onPageChange?: (page: number) => void;
  title?: string;
}) {
  return (
    <AdminList
      title={title}
      query={q as ReturnType<typeof query<ReturnType<typeof page>>>}
      loadingLabel={title ? undefined : 'Loading rows…'}
      errorMessage={title ? undefined : 'Failed to load rows'}
      emptyTitle="No rows"
      emptyText="Rows appear here."
      count={countOf('row')}
      above={(data) => <p>Above {data.items.length}</p>}
      caption="Rows"
      rowKey={(row) => row.id}
      columns={[{ header: 'Name', rowHeader: true, cell: (row) => row.name }]}
      pagerLabel="Row pages"
      onPageChange={onPageChange}
    />
  );
}

describe('AdminList', () => {
  it('shows the count, the table and a pager that turns pages', async () => {
    const onPageChange = vi.fn();
    render(<List q={query(page([{ id: '1', name: 'Ada' }]))} onPageChange={onPageChange} />);
    expect(screen.getByText('Above 1')).toBeInTheDocument();
    expect(screen.getByText('1 row')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('rowheader', { name: 'Ada' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Row pages' });
    await userEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables the pager while the next page loads', () => {
    render(<List q={query(page([{ id: '1', name: 'Ada' }]), { isFetching: true })} />);
    expect(within(screen.getByRole('navigation', { name: 'Row pages' })).getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('shows what is above the list, then the empty state instead of the count and table', () => {
    render(<List q={query(page([], { totalPages: 0 }))} />);
    expect(screen.getByText('Above 0')).toBeInTheDocument();
    expect(screen.getByText('No rows')).toBeInTheDocument();
    expect(screen.getByText('Rows appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('0 rows')).not.toBeInTheDocument();
  });

  it('says its title while loading and on failure when it is a titled card', () => {
    const { rerender } = render(<List title="Audit log" q={query(undefined, { isPending: true })} />);
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByText('Loading audit log…')).toBeInTheDocument();
    rerender(<List title="Audit log" q={query(undefined, { isError: true })} />);
    expect(screen.getByText('Failed to load audit log')).toBeInTheDocument();
  });
});

function FilteredPage({ inAddress = true }: { inAddress?: boolean }) {
  const list = useListFilters({ search: someText, status: oneOf(['open', 'closed'] as const) }, {}, { inAddress });
  return (
    <>
      <AdminFilters
        label="Filter rows"
        list={list}
        fields={[
          { kind: 'search', id: 'row-search', label: 'Name' },
          { kind: 'select', id: 'row-status', name: 'status', label: 'Status', options: filterOptions('All statuses', ['open', 'closed']) },
          { kind: 'dates', id: 'row' },
        ]}
      />
      <p>page {list.page}</p>
      <p>status {list.filters.status ?? 'any'}</p>
    </>
  );
}

describe('AdminFilters', () => {
  it('keeps the filters in the address: a select applies at once with the typed text, the search on submit, and Clear empties both', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/rows', element: <FilteredPage /> }], { initialEntries: ['/rows?page=3'] });
    render(<RouterProvider router={router} />);
    const form = screen.getByRole('search', { name: 'Filter rows' });
    expect(within(form).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Name'), 'ada');
    await user.selectOptions(within(form).getByLabelText('Status'), 'closed');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: 'closed', search: 'ada' });

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'grace');
    await user.click(within(form).getByRole('button', { name: /Search/ }));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('grace');

    expect(within(form).getByLabelText('From')).toHaveAttribute('type', 'date');
    await user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(within(form).getByLabelText('Name')).toHaveValue('');
  });

  it('keeps them in the component when the list is one tab of a page (inAddress: false)', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/rows', element: <FilteredPage inAddress={false} /> }], {
      initialEntries: ['/rows?tab=2'],
    });
    render(<RouterProvider router={router} />);
    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    expect(screen.getByText('status open')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=2');
  });
});
