import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** The content column of a public page. */
export function PageContainer({ children, className, narrow = false }: { children: ReactNode; className?: string; narrow?: boolean }) {
  return <div className={cn('mx-auto px-4 py-10 sm:px-6 sm:py-14', narrow ? 'max-w-3xl' : 'max-w-6xl', className)}>{children}</div>;
}
