import type { Page } from 'playwright-core';

/**
 * Every cell of the page's tables that is not fully in view without scrolling sideways: one whose box lies outside
 * the box its table scrolls in (or outside the page). A table whose columns do not fit shows its most important
 * ones and puts the rest in each row's details, so nothing needs scrolling. One line each, with the table's name.
 */
export function cellsOutsideTheirTable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const pageWidth = document.documentElement.clientWidth;
    for (const table of Array.from(document.querySelectorAll('table'))) {
      if (table.getBoundingClientRect().width <= 1) continue;
      const name = table.querySelector('caption')?.textContent ?? table.getAttribute('aria-label') ?? 'table';
      const headers = Array.from(table.querySelectorAll('thead th')).map((cell) => cell.textContent?.trim() ?? '');
      let view = { left: 0, right: pageWidth };
      for (let parent = table.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          const box = parent.getBoundingClientRect();
          view = { left: Math.max(view.left, box.left), right: Math.min(view.right, box.right) };
          break;
        }
      }
      for (const row of Array.from(table.rows)) {
        Array.from(row.cells).forEach((cell, index) => {
          const box = cell.getBoundingClientRect();
          if (box.width <= 1) return;
          if (box.left < view.left - 1 || box.right > view.right + 1) {
            const header = row.cells.length === headers.length ? headers[index] : 'details';
            problems.push(
              `${name}: ${header} "${(cell.textContent ?? '').trim().slice(0, 30)}" lies outside the table (${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(view.left)}–${Math.round(view.right)})`,
            );
          }
        });
      }
    }
    return problems;
  });
}

/**
 * Opens every row's details of every table that moved columns into them, one row after another (up to `perTable`
 * rows), and reports a row whose details do not open, do not list each hidden column with a value, or do not fit the
 * table. Returns the problems and how many rows were opened.
 */
export async function hiddenColumnsUnreachable(page: Page, perTable = 25): Promise<{ problems: string[]; opened: number }> {
  const problems: string[] = [];
  let opened = 0;
  const tables = page.locator('table[data-hidden-columns]');
  for (let t = 0; t < (await tables.count()); t += 1) {
    const table = tables.nth(t);
    if (!(await table.isVisible())) continue;
    const name = (await table.locator('caption').textContent()) ?? `table ${t + 1}`;
    const hidden = Number(await table.getAttribute('data-hidden-columns'));
    const toggles = table.locator('tbody td:first-child > button[aria-expanded]');
    const count = Math.min(await toggles.count(), perTable);
    for (let r = 0; r < count; r += 1) {
      const toggle = toggles.nth(r);
      const label = (await toggle.getAttribute('aria-label')) ?? (await toggle.textContent())?.trim() ?? `row ${r + 1}`;
      await toggle.focus();
      await page.keyboard.press('Enter');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') {
        problems.push(`${name}: row ${r + 1} does not open with Enter`);
        continue;
      }
      opened += 1;
      const details = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      const terms = details.locator('dt');
      if ((await terms.count()) !== hidden)
        problems.push(`${name}: row ${r + 1} (${label}) lists ${await terms.count()} of ${hidden} hidden columns`);
      const outside = await details.evaluate((row) => {
        const box = row.closest('table')!.parentElement!.getBoundingClientRect();
        return Array.from(row.querySelectorAll('dd'))
          .filter((value) => {
            const rect = value.getBoundingClientRect();
            return rect.width > 1 && (rect.left < box.left - 1 || rect.right > box.right + 1);
          })
          .map((value) => value.previousElementSibling?.textContent ?? '?');
      });
      for (const header of outside) problems.push(`${name}: row ${r + 1}'s ${header} lies outside the table when opened`);
      await page.keyboard.press('Enter');
      if ((await toggle.getAttribute('aria-expanded')) !== 'false') problems.push(`${name}: row ${r + 1} does not close again`);
    }
  }
  return { problems, opened };
}
