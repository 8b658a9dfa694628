/**
 * The payment dialog (a signed-in user clicking a paid plan) is opened from anywhere by a window event:
 *   window.dispatchEvent(new CustomEvent('payment:open', { detail: { packageId } }))
 * The host checks the purchase rules before showing anything.
 */
export const PAYMENT_OPEN_EVENT = 'payment:open';

export type PaymentDialogRequest = {
  /** the credit package to buy; undefined when nothing is selected */
  packageId?: string | null;
};

export function openPaymentDialog(detail: PaymentDialogRequest): void {
  window.dispatchEvent(new CustomEvent<PaymentDialogRequest>(PAYMENT_OPEN_EVENT, { detail }));
}
