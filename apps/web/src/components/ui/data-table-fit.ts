/** What the fitting needs to know of one column. */
export type FitColumn = {
  /** The width it takes with its text on one line (px), heading and padding included. */
  width: number;
  /** Never moves into the row's details: the first column and Status. */
  always: boolean;
  /** Smaller comes first when space is short; undefined ranks after every number. */
  priority?: number;
};

/** The width of the column of disclosure buttons (px), the same as its cells' `w-11`. */
export const EXPANDER_WIDTH = 44;

/**
 * Which columns are shown in `available` px: all of them when they fit; otherwise the ones that are always shown,
 * room for the disclosure button, and then the others by priority (ties in their order) for as long as the next one
 * fits. A column is never shown while a more important one is hidden, so the order of importance holds at every
 * width. The result is one flag per column, in the columns' order.
 */
export function columnsThatFit(columns: readonly FitColumn[], available: number): boolean[] {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  if (total <= available + 1) return columns.map(() => true);
  const shown = columns.map((column) => column.always);
  let room = available - EXPANDER_WIDTH - columns.reduce((sum, column) => sum + (column.always ? column.width : 0), 0);
  const ranked = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => !column.always)
    .sort((a, b) => (a.column.priority ?? Infinity) - (b.column.priority ?? Infinity) || a.index - b.index);
  for (const { column, index } of ranked) {
    if (column.width > room + 1) break;
    shown[index] = true;
    room -= column.width;
  }
  return shown;
}
