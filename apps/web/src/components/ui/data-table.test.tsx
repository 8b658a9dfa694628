import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table.tsx';
import type { DataColumn } from './data-table.tsx';
import { Pagination } from './pagination.tsx';

type Row = { id: string; name: string; credits: number };
const rows: Row[] = [
  { id: 'a', name: 'Ada', credits: 12 },
  { id: 'b', name: 'Grace', credits: 7 },
];
const columns: DataColumn<Row>[] = [
  { header: 'Name', cell: (row) => row.name, rowHeader: true },
  { header: 'Credits', cell: (row) => row.credits, align: 'right' },
  { header: 'Actions', cell: (row) => <button type="button">Open {row.name}</button>, hideHeader: true },
];

describe('DataTable', () => {
  it('shows one heading per column and one row per item, named by its caption', () => {
    render(<DataTable caption="People" columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="Nobody yet" />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Credits', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader', { name: 'Ada' })).toBeInTheDocument();
    expect(within(first!).getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Open Grace' })).toBeInTheDocument();
    expect(screen.queryByText('Nobody yet')).not.toBeInTheDocument();
  });

  it('leaves out a column given as false, and takes an aria-label', () => {
    render(<DataTable aria-label="Credits" columns={[false, columns[1]]} rows={rows} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Credits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Credits']);
  });

  it('numbers rows from the index it passes to each cell', () => {
    render(
      <DataTable
        caption="Ranking"
        columns={[{ header: '#', cell: (_row: Row, index) => index + 1 }, columns[0]!]}
        rows={rows}
        rowKey={(row) => row.id}
      />,
    );
    const [, first, second] = within(screen.getByRole('table', { name: 'Ranking' })).getAllByRole('row');
    expect(first).toHaveTextContent('1Ada');
    expect(second).toHaveTextContent('2Grace');
  });

  it('shows the empty text instead of a table when there are no rows', () => {
    render(<DataTable caption="People" columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="Nobody yet" />);
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages under the table when given a pager', async () => {
    const onPageChange = vi.fn();
    render(
      <DataTable
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        pager={{ page: 2, totalPages: 3, onPageChange, label: 'People pages' }}
      />,
    );
    const pager = screen.getByRole('navigation', { name: 'People pages' });
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});

describe('Pagination (the pager)', () => {
  it('on page 1 disables Previous, and Next asks for page 2', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} totalPages={4} onPageChange={onPageChange} label="Results pages" />);
    const pager = screen.getByRole('navigation', { name: 'Results pages' });
    expect(within(pager).getByText('Page 1 of 4')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('on the last page disables Next, and Previous asks for the page before', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={4} totalPages={4} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('disables both while a page loads, and is absent with a single page', () => {
    const { rerender } = render(<Pagination page={2} totalPages={3} onPageChange={() => undefined} disabled />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pagination page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
