import { Button } from '@/components/ui/button.tsx';
import type { CryptoPayment } from '../api/crypto-payment.ts';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';
import { formatRemaining, useCountdown } from './use-countdown.ts';

function CopyRow({ label, value, display }: { label: string; value: string; display: string }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <div className="mt-1 flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
        <code className="min-w-0 font-mono text-sm break-all text-slate-900" aria-label={label}>
          {display}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

/** Step 2, Complete Payment: what to send where, before the payment expires. */
export function CryptoPaymentStep({ payment, onSent }: { payment: CryptoPayment; onSent: () => void }) {
  const remaining = useCountdown(payment.expiresAt);
  const ticker = payment.payCurrency.toUpperCase();
  return (
    <div className="space-y-4">
      {payment.testMode && (
        <TestModeNotice>
          No real coins are sent: this test payment advances from waiting to confirming to finished by itself within seconds.
        </TestModeNotice>
      )}
      <p className="text-sm text-slate-700">
        Send exactly the amount below to the address (or scan the QR code). The order is {payment.priceAmount}{' '}
        {payment.priceCurrency.toUpperCase()}.
      </p>
      <CopyRow label="Amount" value={String(payment.payAmount)} display={`${payment.payAmount} ${ticker}`} />
      <CopyRow label="Address" value={payment.payAddress} display={payment.payAddress} />
      <div className="flex flex-col items-center gap-2">
        <img
          src={payment.qrCodeUrl}
          alt={`QR code of the ${ticker} payment address`}
          className="h-44 w-44 rounded-lg border border-slate-200"
        />
        <p className="text-sm text-slate-700" aria-live="off">
          {remaining > 0 ? (
            <>
              Expires in{' '}
              <span className="font-semibold tabular-nums" data-testid="crypto-countdown">
                {formatRemaining(remaining)}
              </span>
            </>
          ) : (
            <span className="font-semibold text-red-700">This payment address has expired.</span>
          )}
        </p>
      </div>
      <Button className="w-full" onClick={onSent}>
        I've Sent the Payment
      </Button>
    </div>
  );
}
