import { centsToDollars } from '@lumen/core/credits/rules';
import { API_PREFIX } from '../../../lib/api-prefix.ts';
import type { SandboxCheckoutView } from './card/sandbox-card-checkout.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';

/**
 * The test-mode checkout page (a stand-in for Stripe Checkout): plain HTML forms that post back
 * to the server, no script, so it runs under the site's Content-Security-Policy.
 */

const money = (cents: number, currency: string) => `$${centsToDollars(cents).toFixed(2)} ${currency.toUpperCase()}`;

const styles = `
body{font-family:system-ui,sans-serif;background:#f5f5f7;color:#1d1d1f;margin:0;padding:24px}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
.banner{background:#fff4d6;border:1px solid #e6b800;border-radius:8px;padding:8px 12px;font-weight:600;margin:0 0 16px}
h1{font-size:1.25rem;margin:0 0 4px}.amount{font-size:1.5rem;font-weight:700;margin:0 0 16px}
label{display:block;font-size:.875rem;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:6px;font-size:1rem}
button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:6px;background:#4f46e5;color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#e5e7eb;color:#111}.error{color:#b00020;font-weight:600}.hint{font-size:.8rem;color:#555}
.row{display:flex;gap:12px}.row>div{flex:1}a{color:#4f46e5}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${styles}</style></head>
<body><main>
<p class="banner" role="note">Test mode — no real payment</p>
${body}
</main></body></html>`;
}

export function checkoutActionPath(sessionId: string, step: 'pay' | 'authenticate'): string {
  const base = `${API_PREFIX}/payment/test-mode/checkout/${encodeURIComponent(sessionId)}`;
  return step === 'pay' ? base : `${base}/authenticate`;
}

export function renderCheckoutPage(view: SandboxCheckoutView, error: string | null = null): string {
  const every = view.mode === 'subscription' ? ' per period' : '';
  const heading = `<h1>${escapeHtml(view.description)}</h1><p class="amount">${money(view.amountCents, view.currency)}${every}</p>`;
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const cancel = `<p><a href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>`;
  if (view.status === 'requires_action') {
    return layout(
      'Confirm your payment — test mode',
      `${heading}<p>Your bank asks you to confirm this payment (a simulated 3-D Secure step).</p>
<form method="post" action="${checkoutActionPath(view.id, 'authenticate')}"><input type="hidden" name="approve" value="true"><button type="submit">Complete authentication</button></form>
<form method="post" action="${checkoutActionPath(view.id, 'authenticate')}"><input type="hidden" name="approve" value="false"><button type="submit" class="secondary">Fail authentication</button></form>
${cancel}`,
    );
  }
  return layout(
    'Checkout — test mode',
    `${heading}${alert}
<form method="post" action="${checkoutActionPath(view.id, 'pay')}">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="12/34" autocomplete="cc-exp" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" autocomplete="cc-csc" required></div></div>
<button type="submit">Pay ${money(view.amountCents, view.currency)}</button>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 asks for an extra confirmation; 4000 0000 0000 0341 pays now but declines automatic top-ups. Use any future expiry and any 3-digit CVC.</p>
${cancel}`,
  );
}

export function renderMissingCheckoutPage(): string {
  return layout(
    'Checkout not found — test mode',
    '<h1>This test checkout no longer exists</h1><p>Test checkouts live in the server’s memory: start the purchase again.</p>',
  );
}
