import { useDeferredValue, useMemo } from 'react';
import { renderMarkdown } from '@lumen/core/content/markdown';
import { cn } from '@/lib/cn.ts';
import { Prose } from '../components/prose.tsx';

/** The live preview of a markdown editor: the same renderer the server stores articles and newsletters with. */
export function MarkdownPreview({ source, label = 'Preview', className }: { source: string; label?: string; className?: string }) {
  const deferred = useDeferredValue(source);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <section aria-label={label} className={cn('min-h-40 rounded-xl border border-slate-200 bg-white p-4', className)}>
      {deferred.trim() ? <Prose html={html} /> : <p className="text-sm text-slate-500">Nothing to preview yet.</p>}
    </section>
  );
}
