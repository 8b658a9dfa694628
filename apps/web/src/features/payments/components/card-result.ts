/** Card payment result: succeeded → success; requires_action → stays; anything else → 'Payment status: {status}'. */
export type CardOutcome = { kind: 'succeeded' } | { kind: 'requires_action' } | { kind: 'other'; status: string; message?: string };

export function cardOutcome(status: string, message?: string): CardOutcome {
  if (status === 'succeeded') return { kind: 'succeeded' };
  if (status === 'requires_action') return { kind: 'requires_action' };
  return { kind: 'other', status, message };
}

export function paymentStatusText(status: string): string {
  return `Payment status: ${status}`;
}
