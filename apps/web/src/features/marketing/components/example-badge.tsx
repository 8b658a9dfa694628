import { Cpu } from 'lucide-react';

/** The honest label on every example: it was made by the product's built-in engine. */
export function ExampleBadge({ engine }: { engine: string }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800">
      <Cpu className="h-3.5 w-3.5" aria-hidden="true" /> Example made by the built-in engine · {engine}
    </p>
  );
}
