import { cn } from '@/lib/cn.ts';

/**
 * Shows HTML made by the shared markdown renderer (raw HTML off, safe links only; the server
 * sanitises its copy once more). Never pass HTML from anywhere else.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'max-w-none text-base leading-7 text-slate-700',
        '[&_h1]:mt-8 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-slate-900',
        '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900',
        '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
        '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
        '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold [&_strong]:text-slate-900',
        '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
        '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm',
        '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        '[&_img]:my-4 [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-8',
        '[&_table]:my-4 [&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2',
        'overflow-x-auto break-words',
        className,
      )}
      // Output of the shared safe renderer only (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
