import type { Page } from 'playwright-core';

/**
 * Every table cell of the page that a person cannot bring into view: one cut off by the page's edge or by a box that
 * hides its overflow (a cell inside a box that scrolls sideways can be scrolled to), and every Status cell not in view
 * without scrolling (Status is pinned to the table's edge). One line each, with the table's name.
 */
export function cellsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const pageWidth = document.documentElement.clientWidth;
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const name = table.querySelector('caption')?.textContent ?? table.getAttribute('aria-label') ?? 'table';
      const headers = Array.from(table.querySelectorAll('thead th')).map((cell) => cell.textContent?.trim() ?? '');
      let scroller: HTMLElement | null = null;
      for (let parent = table.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') {
          scroller = parent;
          break;
        }
        if (overflow === 'hidden' || overflow === 'clip') break;
      }
      const view = scroller ? scroller.getBoundingClientRect() : { left: 0, right: pageWidth };
      for (const row of Array.from(table.rows)) {
        Array.from(row.cells).forEach((cell, index) => {
          const box = cell.getBoundingClientRect();
          if (box.width <= 1) return;
          const label = `${name}: ${headers[index] ?? index} "${(cell.textContent ?? '').trim().slice(0, 30)}"`;
          if (!scroller && (box.right > pageWidth + 1 || box.left < -1)) problems.push(`${label} is cut off by the page's edge`);
          if (headers[index] === 'Status' && (box.left < view.left - 1 || box.right > view.right + 1))
            problems.push(`${label}: the Status is out of view`);
        });
      }
    }
    return problems;
  });
}
