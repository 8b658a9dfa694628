import { cn } from '@/lib/cn.ts';

const methodColours: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-emerald-100 text-emerald-800',
  put: 'bg-amber-100 text-amber-900',
  patch: 'bg-violet-100 text-violet-800',
  delete: 'bg-red-100 text-red-800',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        'inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold uppercase',
        methodColours[method],
      )}
    >
      {method}
    </span>
  );
}
