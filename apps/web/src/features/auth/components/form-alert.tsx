import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** An error or success note at the top of a small form. */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-3 py-2 text-sm',
        tone === 'error' && 'border-red-200 bg-red-50 text-red-800',
        tone === 'success' && 'border-emerald-200 bg-emerald-50 text-emerald-900',
        tone === 'info' && 'border-slate-200 bg-slate-50 text-slate-700',
      )}
    >
      {children}
    </p>
  );
}
