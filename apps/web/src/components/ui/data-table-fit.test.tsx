import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable } from './data-table.tsx';

type Row = { id: string; name: string; plan: string; status: string };
const rows: Row[] = [
  { id: '1', name: 'Ada', plan: 'Pro', status: 'Paid' },
  { id: '2', name: 'Bob', plan: 'Mini', status: 'Pending' },
];

function renderTable() {
  return render(
    <DataTable
      caption="Orders"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Status', cell: (row) => row.status },
        { header: 'Plan', cell: (row) => row.plan },
      ]}
    />,
  );
}

/** jsdom lays nothing out: the scroll area's widths are given, as a browser would measure them. */
function layOut(box: HTMLElement, sizes: { scrollWidth: number; clientWidth: number; scrollLeft?: number }) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: sizes.scrollWidth });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: sizes.clientWidth });
  box.scrollLeft = sizes.scrollLeft ?? 0;
}

describe('DataTable that fits', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the Status column at the right edge and the first column at the left while the rest scroll', () => {
    renderTable();
    const table = screen.getByRole('table');
    const [name, status, plan] = within(table).getAllByRole('columnheader');
    expect(status!.className).toContain('sticky');
    expect(status!.className).toContain('right-0');
    expect(name!.className).toContain('sm:sticky');
    expect(plan!.className).not.toContain('sticky');
    const paid = within(table).getByText('Paid');
    expect(paid.className).toContain('right-0');
  });

  it('says there are more columns to the right while there are, and stops saying it at the end', () => {
    renderTable();
    const box = screen.getByRole('region', { name: 'Orders' });
    const cue = screen.getByTestId('table-scroll-cue');
    expect(cue).toHaveClass('hidden');
    expect(cue).toHaveTextContent('More columns to the right: scroll sideways →');
    layOut(box, { scrollWidth: 900, clientWidth: 320 });
    fireEvent(window, new Event('resize'));
    expect(cue).not.toHaveClass('hidden');
    layOut(box, { scrollWidth: 900, clientWidth: 320, scrollLeft: 580 });
    fireEvent.scroll(box);
    expect(cue).toHaveClass('hidden');
    // The scroll area can be reached and scrolled with the keyboard.
    expect(box).toHaveAttribute('tabindex', '0');
  });
});
