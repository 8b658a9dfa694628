import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { COPIED_TOAST, COPY_FEEDBACK_MS } from '../api/api-key-messages.ts';

/** Copies a value to the clipboard; shows 'Copied' for 2 s and the toast 'Copied to clipboard'. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast.error('Could not copy. Select the text and copy it by hand.');
      return;
    }
    setIsCopied(true);
    toast.success(COPIED_TOAST);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsCopied(false), COPY_FEEDBACK_MS);
  };

  return (
    <Button variant={isCopied ? 'secondary' : 'outline'} size="sm" onClick={() => void onCopy()} aria-live="polite">
      {isCopied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      {isCopied ? 'Copied' : label}
    </Button>
  );
}
