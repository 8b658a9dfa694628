import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

/** The one plain statement that a page's feature arrives in a later release (no fake data). */
export function ComingSoonNotice({ children, title = 'Coming soon' }: { children: ReactNode; title?: string }) {
  return (
    <section
      aria-label={title}
      className="flex items-start gap-4 rounded-2xl border border-dashed border-brand-300 bg-brand-50/60 p-6"
    >
      <span className="rounded-xl bg-white p-2 text-brand-600 shadow-sm" aria-hidden="true">
        <Sparkles className="h-5 w-5" />
      </span>
      <div>
        <h2 className="font-semibold text-brand-900">{title}</h2>
        <div className="mt-1 text-sm text-slate-700">{children}</div>
      </div>
    </section>
  );
}
