import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table.tsx';
import { columnsThatFit, EXPANDER_WIDTH } from './data-table-fit.ts';
import type { FitColumn } from './data-table-fit.ts';

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

describe('columnsThatFit', () => {
  const column = (width: number, extra: Partial<FitColumn> = {}): FitColumn => ({ width, always: false, ...extra });

  it('shows every column when they all fit', () => {
    expect(columnsThatFit([column(100, { always: true }), column(200), column(300)], 600)).toEqual([true, true, true]);
  });

  it('keeps the columns that are always shown, then the others by priority while the next one fits', () => {
    const columns = [column(100, { always: true }), column(150), column(150, { priority: 1 }), column(80, { always: true })];
    // 100 + 80 + the disclosure button's 44 leave 176 of 400: the column of priority 1 fits, the next does not.
    expect(columnsThatFit(columns, 400)).toEqual([true, false, true, true]);
    expect(columnsThatFit(columns, 200)).toEqual([true, false, false, true]);
  });

  it('never shows a less important column while a more important one is hidden, even when it would fit', () => {
    const columns = [column(100, { always: true }), column(300, { priority: 1 }), column(20, { priority: 2 })];
    expect(columnsThatFit(columns, 300)).toEqual([true, false, false]);
  });

  it('ranks columns without a priority after those with one, in their order', () => {
    const columns = [column(50, { always: true }), column(100), column(100), column(100, { priority: 5 })];
    expect(columnsThatFit(columns, 50 + EXPANDER_WIDTH + 200)).toEqual([true, true, false, true]);
  });
});

/** Lays the table out as a browser would: each column's natural width, and the width of the table's box. */
function layOutColumns(widths: Record<string, number>, boxWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const width = this.tagName === 'TH' && this.closest('thead') ? (widths[this.textContent ?? ''] ?? 0) : 0;
    return { width, height: 0, top: 0, left: 0, right: width, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'DIV' && this.querySelector(':scope > table') ? boxWidth : 0;
  });
}

describe('DataTable with more columns than room', () => {
  afterEach(() => vi.restoreAllMocks());

  it('moves the columns that do not fit into a details row each row opens with its disclosure button', async () => {
    layOutColumns({ Name: 100, Status: 100, Plan: 150 }, 300);
    renderTable();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Details', 'Name', 'Status']);
    expect(within(table).queryByText('Pro')).not.toBeInTheDocument();

    const toggle = within(table).getByRole('button', { name: 'Show 1 more column of Ada' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide 1 more column of Ada');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(details).getByRole('term')).toHaveTextContent('Plan');
    expect(within(details).getByRole('definition')).toHaveTextContent('Pro');
    // Bob's row stays closed.
    expect(within(table).getByRole('button', { name: 'Show 1 more column of Bob' })).toHaveAttribute('aria-expanded', 'false');

    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByText('Pro')).not.toBeInTheDocument();
  });

  it('shows every column and no disclosure buttons when they fit', () => {
    layOutColumns({ Name: 100, Status: 100, Plan: 150 }, 400);
    renderTable();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('DataTable whose cells are wider than measured', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the overflow off the room and fits again, so the table ends inside its box', () => {
    // Measured, Plan seems to fit beside Name and Status (100 + 100 + 90 of 300); laid out it takes 150.
    layOutColumns({ Name: 100, Status: 100, Plan: 90 }, 300);
    const laidOut: Record<string, number> = { Name: 100, Status: 100, Plan: 150, Details: EXPANDER_WIDTH };
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      const headings = Array.from(this.querySelectorAll(':scope > table > thead th'));
      return headings.reduce((sum, cell) => sum + (laidOut[cell.textContent ?? ''] ?? 0), 0);
    });
    renderTable();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Details', 'Name', 'Status']);
  });
});
