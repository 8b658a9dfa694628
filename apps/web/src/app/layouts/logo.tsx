import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';

export function Logo({ to = '/', light = false, className }: { to?: string; light?: boolean; className?: string }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 font-bold tracking-tight', light ? 'text-white' : 'text-ink', className)}>
      <span aria-hidden="true" className="relative inline-flex h-8 w-8 items-center justify-center rounded-xl bg-ink">
        <span className="h-4 w-4 rounded-full bg-gradient-to-br from-brand-500 to-glow" />
      </span>
      <span>
        Lumen <span className={light ? 'text-brand-300' : 'text-brand-600'}>Studio</span>
      </span>
    </Link>
  );
}
