import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { getCryptoStatus } from '../api/crypto-payment.ts';
import type { CryptoPayment, CryptoStatus } from '../api/crypto-payment.ts';
import { cryptoStatusText, FINAL_CRYPTO_STATUSES } from './crypto-status-text.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

export const CRYPTO_CHECK_INTERVAL_MS = 10_000;
export const CRYPTO_FINISH_CLOSE_MS = 2000;
export const CRYPTO_FAILED_MESSAGE = 'Payment failed or expired';

/**
 * Step 3, Payment Status: checked on entering the step, every 10 s, and by 'Check Status'.
 * FINISHED shows 'Payment completed successfully!' and hands over to the success callback 2 s later.
 */
export function CryptoStatusStep({ payment, onFinished }: { payment: CryptoPayment; onFinished: () => void }) {
  const [status, setStatus] = useState<CryptoStatus | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const final = useRef(false);

  const check = useCallback(async () => {
    if (final.current) return;
    setChecking(true);
    try {
      const next = await getCryptoStatus(payment.paymentId);
      setCheckError(null);
      setStatus(next);
      if (FINAL_CRYPTO_STATUSES.includes(next.status)) {
        final.current = true;
        if (next.status === 'FAILED' || next.status === 'EXPIRED') toast.error(CRYPTO_FAILED_MESSAGE);
      }
    } catch (error) {
      setCheckError(errorMessage(error, 'Could not check the payment status.'));
    } finally {
      setChecking(false);
    }
  }, [payment.paymentId]);

  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), CRYPTO_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [check]);

  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  }, [onFinished]);
  const finished = status?.status === 'FINISHED';
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => onFinishedRef.current(), CRYPTO_FINISH_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [finished]);

  const failed = status?.status === 'FAILED' || status?.status === 'EXPIRED';
  const Icon = finished ? CheckCircle2 : failed ? XCircle : Clock;
  const ticker = payment.payCurrency.toUpperCase();
  return (
    <div className="space-y-4">
      {payment.testMode && <TestModeNotice>This is a test payment; no real coins move.</TestModeNotice>}
      <div
        className={
          finished
            ? 'flex items-center gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900'
            : failed
              ? 'flex items-center gap-3 rounded-xl bg-red-50 p-4 text-red-900'
              : 'flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-slate-900'
        }
      >
        <Icon className="h-6 w-6 shrink-0" aria-hidden="true" />
        <p role="status" className="font-semibold" data-testid="crypto-status">
          {status ? cryptoStatusText(status.status) : 'Checking payment status...'}
        </p>
      </div>
      {status?.status === 'PARTIALLY_PAID' && (
        <p className="text-sm text-amber-900">
          Received {status.actuallyPaid ?? 0} of {payment.payAmount} {ticker}. Send the rest to the same address before it expires, or
          contact support. No credits are added until the full amount arrives.
        </p>
      )}
      {failed && (
        <p className="text-sm text-red-800">
          {CRYPTO_FAILED_MESSAGE}. No credits were added. If you sent coins, contact support with the address.
        </p>
      )}
      {status?.txHash && (
        <p className="text-xs break-all text-slate-600">
          Transaction: <code>{status.txHash}</code>
        </p>
      )}
      {checkError && (
        <p role="alert" className="text-sm text-red-700">
          {checkError}
        </p>
      )}
      {!finished && !failed && (
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-slate-500">Checked automatically every 10 seconds.</p>
          <Button variant="outline" onClick={() => void check()} disabled={checking}>
            {checking ? 'Checking…' : 'Check Status'}
          </Button>
        </div>
      )}
    </div>
  );
}
