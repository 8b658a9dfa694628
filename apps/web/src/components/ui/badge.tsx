import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';

type Tone = 'brand' | 'neutral' | 'success' | 'warning' | 'danger';

const tones: Record<Tone, string> = {
  brand: 'bg-brand-100 text-brand-800',
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-100 text-emerald-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
};

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)} {...props} />
  );
}
