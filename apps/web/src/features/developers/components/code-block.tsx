import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn.ts';

const COPY_FEEDBACK_MS = 2000;

/** A dark code block with a Copy button (copied state for 2 s). */
export function CodeBlock({ code, label }: { code: string; label: string }) {
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
      await navigator.clipboard.writeText(code);
      setIsCopied(true);
      toast.success('Copied to clipboard');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), COPY_FEEDBACK_MS);
    } catch {
      toast.error('Could not copy. Select the text and copy it by hand.');
    }
  };
  return (
    <div className="relative">
      <pre
        aria-label={label}
        tabIndex={0}
        className="max-h-[28rem] overflow-auto rounded-xl bg-slate-900 p-4 pr-20 text-xs leading-relaxed text-slate-100"
      >
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={() => void onCopy()}
        className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-md bg-white/10 px-2 py-1 text-xs font-medium text-white hover:bg-white/20"
        aria-label={`Copy ${label}`}
      >
        {isCopied ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
        {isCopied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

/** The same example in several languages, one tab each. */
export function CodeTabs({ title, tabs }: { title: string; tabs: { key: string; label: string; code: string }[] }) {
  const first = tabs[0]?.key ?? '';
  return (
    <Tabs.Root defaultValue={first}>
      <Tabs.List aria-label={`${title}: languages`} className="mb-2 flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.key}
            value={tab.key}
            className={cn(
              'rounded-md px-2.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100',
              'data-[state=active]:bg-brand-600 data-[state=active]:text-white',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.key} value={tab.key}>
          <CodeBlock code={tab.code} label={`${title} in ${tab.label}`} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
