import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn.ts';

const COPY_FEEDBACK_MS = 2000;

/**
 * A dark code block that scrolls inside its own box, with a Copy button (copied state for 2 s). The button covers the end
 * of the first line; on a phone it shows its icon only until it says Copied.
 */
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
    <div className="relative min-w-0">
      <pre
        aria-label={label}
        tabIndex={0}
        className="max-h-80 overflow-auto rounded-xl bg-slate-900 p-4 pr-16 text-xs leading-relaxed text-slate-100 sm:max-h-[28rem] sm:pr-24"
      >
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={() => void onCopy()}
        className="absolute top-1.5 right-1.5 inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md bg-slate-700 px-3 text-xs font-medium text-white hover:bg-slate-600 focus-visible:outline-2 focus-visible:outline-white"
        aria-label={`${isCopied ? 'Copied' : 'Copy'} ${label}`}
      >
        {isCopied ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
        {isCopied ? 'Copied' : <span className="sr-only sm:not-sr-only">Copy</span>}
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
              'min-h-11 rounded-md px-3 text-xs font-medium text-slate-600 hover:bg-slate-100',
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
