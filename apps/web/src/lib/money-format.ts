/** Dollar amounts of the admin pages: prices in cents, and hosted-provider costs in millionths of a dollar. */

/** '$34.00' from cents; '-$1.20' below zero. */
export function formatCents(cents: number): string {
  const text = `$${(Math.abs(cents) / 100).toFixed(2)}`;
  return cents < 0 ? `-${text}` : text;
}

/**
 * '$0.0030', '$12.40' from millionths of a dollar: amounts under a dollar keep 4 decimals, since one provider call
 * often costs a fraction of a cent.
 */
export function formatMicroUsd(microUsd: number): string {
  const dollars = Math.abs(microUsd) / 1e6;
  const text = `$${dollars.toFixed(dollars === 0 || dollars >= 1 ? 2 : 4)}`;
  return microUsd < 0 ? `-${text}` : text;
}
