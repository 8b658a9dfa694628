/** Sends the browser to a hosted checkout page (Stripe Checkout, or the server's test-mode checkout page). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
