import { useEffect, useState } from 'react';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { useRequestReading } from '../api/jobs.ts';

/** How long typing must pause before the request is read again. */
export const READING_DELAY_MS = 400;

/** The value once it has stopped changing for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
    // The serialised value is the dependency: a new object with the same fields is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  return settled;
}

/**
 * Under the prompt: what the engine will make of it ('Will draw: red fox, snow, sunset'), the words it will
 * leave out, or why it would refuse it, read by the server as the user types (POST /jobs/preview, free).
 * Reports a refusal through `onRefusal`, so the form can hold its submit button. Shows nothing for engines
 * that do not read requests ahead (hosted providers).
 */
export function RequestReadingLine({
  service,
  params,
  onRefusal,
}: {
  service: ServiceKey;
  params: Record<string, unknown>;
  onRefusal?: (refused: boolean) => void;
}) {
  const settled = useSettled(params, READING_DELAY_MS);
  const prompt = typeof settled.prompt === 'string' ? settled.prompt.trim() : '';
  const reading = useRequestReading(service, settled, prompt.length > 0);
  const data = prompt.length > 0 ? reading.data : undefined;
  const refused = Boolean(data?.refusal);
  useEffect(() => onRefusal?.(refused), [refused, onRefusal]);
  if (!data?.checked) return null;
  if (data.refusal) {
    return (
      <p role="status" data-testid="request-reading" className="text-sm font-medium text-amber-800">
        {data.refusal.message}
      </p>
    );
  }
  return (
    <div role="status" data-testid="request-reading" className="space-y-0.5 text-sm text-slate-700">
      {data.headline && <p>{data.headline}</p>}
      {data.leftOut.length > 0 && <p className="text-slate-500">Will leave out: {data.leftOut.join(', ')}</p>}
    </div>
  );
}
