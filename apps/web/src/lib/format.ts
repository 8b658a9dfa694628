/** Display formatting shared by every page. */

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const utcDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** '$9', '$19.50' (prices are whole or two-decimal dollars). */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/**
 * A date on a page the server renders (articles, community posts): in UTC, since the server cannot know the reader's
 * time zone and the browser must show the same text when it hydrates the page.
 */
export function formatPublicDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : utcDateFormat.format(date);
}

/** '+5', '-2' for signed credit amounts. */
export function formatSignedCredits(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** '1 credit', '5 credits'. */
export function pluralCredits(amount: number): string {
  return `${amount} credit${Math.abs(amount) === 1 ? '' : 's'}`;
}

/** Uses = floor(credits / cost); 'Unlimited' for a cost of 0. */
export function formatUses(uses: number | 'unlimited'): string {
  if (uses === 'unlimited') return 'Unlimited';
  return `${uses} use${uses === 1 ? '' : 's'}`;
}
